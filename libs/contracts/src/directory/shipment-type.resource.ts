import { keyText } from '../fields.js';
import { defineMasterData, masterDataSchemas } from '../master-data.js';

// Made by `npm run new:resource -- directory shipment-type --fields TypeofShipment:key --url ShipmentType --rename newTypeofShipment --add-path AddShipmentType --menu-action delete`.

/** Shipment Types: the standard master-data calls at /api/ShipmentType/..., keyed by type of shipment; the update body renames with newTypeofShipment. */
export const shipmentTypes = defineMasterData({
  service: 'directory',
  name: 'shipmentType',
  key: 'ShipmentType',
  keyLabel: 'Type of shipment',
  schemas: masterDataSchemas('TypeofShipment', { TypeofShipment: keyText('Type of shipment', 100) }, { TypeofShipment: 'newTypeofShipment' }),
});
