import { z } from 'zod/mini';
import { blankAsMissing } from './fields.js';

// Fields of values other than text: dates, quantities, yes or no. Apart from fields.ts, whose text
// fields nearly every screen loads, so that the screens without such a value do not load these.

/** A yes/no field, false when left out. */
export const flagField = (label: string) => z._default(z.boolean({ error: `${label} must be true or false` }), false);

/** A calendar date as `YYYY-MM-DD` (an ISO date-time is cut to its date). */
export const dateField = (label: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: `${label} is required` }).check(z.trim(), z.minLength(1, `${label} is required`)),
      z.transform((value: string) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value)),
    ),
    z.string().check(z.refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)),
  );

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An optional date: blank or null is none (stored as null). */
export const optionalDateField = (label: string) => z._default(z.nullable(blankAsMissing(dateField(label))), null);

/** A quantity (CBM, weight): a number 0 or more, or a form's text of one; blank is 0. */
export const quantityField = (label: string, integer = false) =>
  z._default(
    z.pipe(
      z.pipe(
        z.union([z.number(), z.string(), z.null()], { error: `${label} must be a number` }),
        z.transform((value: number | string | null) => (value === null || (typeof value === 'string' && value.trim() === '') ? 0 : Number(value))),
      ),
      z
        .number({ error: `${label} must be a number` })
        .check(
          z.refine(Number.isFinite, `${label} must be a number`),
          z.minimum(0, `${label} must not be negative`),
          z.maximum(1e9, `${label} is too large`),
          ...(integer ? [z.refine(Number.isInteger, `${label} must be a whole number`)] : []),
        ),
    ),
    0,
  );
