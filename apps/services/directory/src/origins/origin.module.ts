import { origins } from '@freight/contracts';
import { masterDataModule } from '@freight/server-database';

/** directory.origin.*: the standard handlers on directory.origin; rules of its own go in a DefinedMasterDataHandlers subclass, given as the third argument. */
export const { module: OriginModule, entity: OriginEntity } = masterDataModule(origins, 'directory');
