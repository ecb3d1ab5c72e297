import { agents } from '@freight/contracts';
import { masterDataModule } from '@freight/server-database';

/** shipment.agent.*: the standard handlers on shipment.agent; rules of its own go in a DefinedMasterDataHandlers subclass, given as the third argument. */
export const { module: AgentModule, entity: AgentEntity } = masterDataModule(agents, 'shipment');
