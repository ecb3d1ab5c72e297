import { defineMasterData, masterDataTexts } from '../master-data.js';
import { originDetailsSchemas } from './origin-details.js';

// Made by `npm run new:resource -- shipment vessel --fields origin:key,details:multiline --area vessels --no-screens`.

/**
 * Vessel voyages ("Weekly Vessel Planning", requirements 02 §2, §7): the standard master-data calls at
 * /api/vessels/..., keyed by origin; the update body carries `origin` too (spec: `{origin, details}`),
 * which renames the record when it differs. All staff and consignees read, Head and Admin write (requirements decisions §4).
 */
export const vessels = defineMasterData({
  service: 'shipment',
  name: 'vessel',
  schemas: originDetailsSchemas(),
  texts: { ...masterDataTexts('vessel', 'vessels'), notFound: 'Vessel not found.' },
});
