import { yards } from '@freight/contracts';
import { masterDataModule } from '@freight/server-database';

/** directory.yard.*: the standard handlers on directory.yard; rules of its own go in a DefinedMasterDataHandlers subclass, given as the third argument. */
export const { module: YardModule, entity: YardEntity } = masterDataModule(yards, 'directory');
