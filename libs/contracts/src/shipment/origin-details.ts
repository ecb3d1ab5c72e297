import { z } from 'zod/mini';
import { keyText, multilineText } from '../fields.js';
import { masterDataSchemas } from '../master-data.js';

/**
 * Vessels and agents (requirements 02 §3): an origin (the key, in paths) and free details, both required
 * on add; the update body is `{origin, details}` as the spec sends it, and a different origin renames.
 */
export const originDetailsSchemas = () =>
  masterDataSchemas(
    'origin',
    { origin: keyText('Origin', 100), details: z.pipe(multilineText('Details'), z.string().check(z.minLength(1, 'Details is required'))) },
    { origin: 'origin' },
  );
