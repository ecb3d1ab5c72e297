import { vessels } from '@freight/contracts';
import { masterDataModule } from '@freight/server-database';

/** shipment.vessel.*: the standard handlers on shipment.vessel; rules of its own go in a DefinedMasterDataHandlers subclass, given as the third argument. */
export const { module: VesselModule, entity: VesselEntity } = masterDataModule(vessels, 'shipment');
