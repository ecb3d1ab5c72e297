import { forwarders } from '@freight/contracts';
import { masterDataModule } from '@freight/server-database';

/** directory.forwarder.*: the standard handlers on directory.forwarder; rules of its own go in a DefinedMasterDataHandlers subclass, given as the third argument. */
export const { module: ForwarderModule, entity: ForwarderEntity } = masterDataModule(forwarders, 'directory');
