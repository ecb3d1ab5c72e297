import { keyText } from '../fields.js';
import { defineMasterData, masterDataSchemas } from '../master-data.js';

// Made by `npm run new:resource -- directory shipment-term --fields TermofShipment:key --url ShipmentTerm --rename newTermofShipment --add-path AddShipmentterm --menu-action delete`.

/** Shipment Terms: the standard master-data calls at /api/ShipmentTerm/..., keyed by term of shipment; the update body renames with newTermofShipment. */
export const shipmentTerms = defineMasterData({
  service: 'directory',
  name: 'shipmentTerm',
  key: 'ShipmentTerm',
  keyLabel: 'Term of shipment',
  schemas: masterDataSchemas('TermofShipment', { TermofShipment: keyText('Term of shipment', 100) }, { TermofShipment: 'newTermofShipment' }),
});
