import { z } from 'zod/mini';
import { dateField, flagField, optionalDateField, quantityField } from './value-fields.js';

const messages = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('value field kinds', () => {
  it('a date is a calendar day; an ISO date-time is cut to its day', () => {
    const date = dateField('ETD');
    expect(date.parse(' 2026-02-28 ')).toBe('2026-02-28');
    expect(date.parse('2026-03-01T10:15:00.000Z')).toBe('2026-03-01');
    expect(messages(date, '2026-02-30')).toEqual(['ETD must be a date (YYYY-MM-DD)']);
    expect(messages(date, '01/03/2026')).toEqual(['ETD must be a date (YYYY-MM-DD)']);
    expect(messages(date, '')).toEqual(['ETD is required']);
  });

  it('an optional date is null when blank, null or left out', () => {
    const eta = z.object({ eta: optionalDateField('ETA') });
    expect(eta.parse({ eta: '' })).toEqual({ eta: null });
    expect(eta.parse({ eta: null })).toEqual({ eta: null });
    expect(eta.parse({})).toEqual({ eta: null });
    expect(eta.parse({ eta: '2026-12-07' })).toEqual({ eta: '2026-12-07' });
    expect(messages(eta, { eta: '2026-13-01' })).toEqual(['ETA must be a date (YYYY-MM-DD)']);
  });

  it('a quantity takes a number or a form’s text of one, 0 when blank, never below 0', () => {
    const booking = z.object({ cbm: quantityField('CBM'), cartoons: quantityField('Cartoons', true) });
    expect(booking.parse({ cbm: ' 12.5 ', cartoons: 3 })).toEqual({ cbm: 12.5, cartoons: 3 });
    expect(booking.parse({ cbm: '', cartoons: null })).toEqual({ cbm: 0, cartoons: 0 });
    expect(booking.parse({})).toEqual({ cbm: 0, cartoons: 0 });
    expect(messages(booking, { cbm: -1, cartoons: 2.5 })).toEqual(['CBM must not be negative', 'Cartoons must be a whole number']);
    expect(messages(booking, { cbm: 'many' })).toEqual(['CBM must be a number']);
  });

  it('a yes/no field is false when left out and refuses anything but true or false', () => {
    const flag = z.object({ statusUpdateToClient: flagField('Status update to client') });
    expect(flag.parse({})).toEqual({ statusUpdateToClient: false });
    expect(flag.parse({ statusUpdateToClient: true })).toEqual({ statusUpdateToClient: true });
    expect(messages(flag, { statusUpdateToClient: 'yes' })).toEqual(['Status update to client must be true or false']);
  });
});
