import { shipmentTerms } from '@freight/contracts';
import { masterDataModule } from '@freight/server-database';

/** directory.shipmentTerm.*: the standard handlers on directory.shipment_term; rules of its own go in a DefinedMasterDataHandlers subclass, given as the third argument. */
export const { module: ShipmentTermModule, entity: ShipmentTermEntity } = masterDataModule(shipmentTerms, 'directory');
