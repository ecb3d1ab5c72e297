import { z } from 'zod/mini';
import { choiceError, multilineText } from '../fields.js';
import { DIRECTIONS } from './job-numbers.js';
import { SHIPMENT_STATUSES } from './job-statuses.js';

// The fields that the job and the booking calls share (jobs.ts, bookings.ts). Not exported by the package.

export const statusField = z.enum(SHIPMENT_STATUSES, { error: choiceError('Shipment status', SHIPMENT_STATUSES.join(', ')) });
export const remarksField = (label: string) => z._default(multilineText(label, 2000), '');
/**
 * The job version the editor opened (optimistic concurrency, docs/adr/0045): optional, so a client
 * written to the spec's bodies can save; given and not the job's, the save is refused (409).
 */
export const versionField = z.optional(
  z.int({ error: 'version must be a whole number (the job version you opened)' }).check(z.minimum(1, 'version must be 1 or more')),
);
/** A list's `?direction=` filter: Import or Export jobs only. */
export const directionFilter = z.optional(z.enum(DIRECTIONS, { error: choiceError('direction', 'Import or Export') }));
