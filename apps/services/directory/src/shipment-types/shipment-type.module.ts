import { shipmentTypes } from '@freight/contracts';
import { masterDataModule } from '@freight/server-database';

/** directory.shipmentType.*: the standard handlers on directory.shipment_type; rules of its own go in a DefinedMasterDataHandlers subclass, given as the third argument. */
export const { module: ShipmentTypeModule, entity: ShipmentTypeEntity } = masterDataModule(shipmentTypes, 'directory');
