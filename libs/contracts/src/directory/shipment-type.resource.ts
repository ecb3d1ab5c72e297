import { keyText } from '../fields.js';
import { defineMasterData, masterDataSchemas, masterDataTexts } from '../master-data.js';

// Made by `npm run new:resource -- directory shipment-type --fields TypeofShipment:key --url ShipmentType --rename newTypeofShipment --add-path AddShipmentType --menu-action delete`.

/** Shipment Types: the standard master-data calls at /api/ShipmentType/..., keyed by type of shipment; the update body renames with newTypeofShipment. */
export const shipmentTypes = defineMasterData({
  service: 'directory',
  name: 'shipmentType',
  key: 'ShipmentType',
  area: 'shipmentTypes',
  naturalKey: 'TypeofShipment',
  keyLabel: 'Type of shipment',
  view: false,
  schemas: masterDataSchemas('TypeofShipment', { TypeofShipment: keyText('Type of shipment', 100) }, { TypeofShipment: 'newTypeofShipment' }),
  sortFields: ['TypeofShipment'],
  searchFields: ['TypeofShipment'],
  replyKeys: { one: 'shipmentType', many: 'shipmentTypes' },
  texts: masterDataTexts('shipment type', 'shipment types'),
});
