import { defineMasterData, masterDataTexts } from '../master-data.js';
import { originDetailsSchemas } from './origin-details.js';

// Made by `npm run new:resource -- shipment agent --fields origin:key,details:multiline --area agents --no-screens`.

/**
 * Overseas agent offices ("Overseas Offices Detail", requirements 02 §2, §7): the standard master-data calls
 * at /api/agents/..., keyed by origin; the update body carries `origin` too, which renames the record
 * when it differs. All staff and consignees read, Head and Admin write (requirements decisions §4). The spec's texts.
 */
export const agents = defineMasterData({
  service: 'shipment',
  name: 'agent',
  schemas: originDetailsSchemas(),
  texts: { ...masterDataTexts('agent', 'agents'), added: 'Agent created successfully', notFound: 'Agent not found.' },
});
