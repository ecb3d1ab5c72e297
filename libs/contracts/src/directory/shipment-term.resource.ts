import { keyText } from '../fields.js';
import { defineMasterData, masterDataSchemas, masterDataTexts } from '../master-data.js';

// Made by `npm run new:resource -- directory shipment-term --fields TermofShipment:key --url ShipmentTerm --rename newTermofShipment --add-path AddShipmentterm --menu-action delete`.

/** Shipment Terms: the standard master-data calls at /api/ShipmentTerm/..., keyed by term of shipment; the update body renames with newTermofShipment. */
export const shipmentTerms = defineMasterData({
  service: 'directory',
  name: 'shipmentTerm',
  key: 'ShipmentTerm',
  area: 'shipmentTerms',
  naturalKey: 'TermofShipment',
  keyLabel: 'Term of shipment',
  view: false,
  schemas: masterDataSchemas('TermofShipment', { TermofShipment: keyText('Term of shipment', 100) }, { TermofShipment: 'newTermofShipment' }),
  sortFields: ['TermofShipment'],
  searchFields: ['TermofShipment'],
  replyKeys: { one: 'shipmentTerm', many: 'shipmentTerms' },
  texts: masterDataTexts('shipment term', 'shipment terms'),
});
