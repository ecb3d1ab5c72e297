import { Inject, Injectable } from '@nestjs/common';
import { branches, type Branch, type BranchCreate, type BranchUpdate, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { MasterDataHandlers, type MasterDataRepository, type MessageOfOp, type Tx } from '@freight/server-database';
import { BranchEntity, toBranch } from './branch.entity.js';
import { BranchRepository } from './branch.repository.js';

/**
 * What a branch needs to know of its users, answered by the users' repository: the branch
 * module neither reads the users' table nor imports their entity.
 */
export interface BranchUsers {
  /** Users of the branch, counted in the caller's transaction. */
  countInBranch(tx: Tx, branchId: string): Promise<number>;
}
export const BRANCH_USERS = Symbol('BranchUsers');

/** What the handlers need of the branch table (BranchRepository; an in-memory one in unit tests). */
export type BranchStore = MasterDataRepository<BranchEntity> & Pick<BranchRepository, 'cities'>;

const cityTaken = (city: string) => new AppError('CONFLICT', `Branch '${city}' already exists`, { BranchCity: `Branch '${city}' already exists` });
const codeTaken = (code: string) => new AppError('CONFLICT', `Branch code '${code}' is already in use`, { Code: `Branch code '${code}' is already in use` });

/** Branches (requirements 01 §5) on the master-data base: city and code are the branch's identity and stay; a branch with users stays. */
@Injectable()
export class BranchHandlers extends MasterDataHandlers<typeof branches, BranchEntity, Branch> implements ResourceHandlers<typeof branches> {
  constructor(
    @Inject(BranchRepository) private readonly store: BranchStore,
    @Inject(BRANCH_USERS) private readonly users: BranchUsers,
  ) {
    super(branches, store);
  }

  async uniqueCities(): Promise<string[]> {
    return this.store.cities();
  }

  protected toRecord(row: BranchEntity): Branch {
    return toBranch(row);
  }

  protected newRow(body: BranchCreate) {
    return { city: body.BranchCity, location: body.Location, contact: body.Contact, code: body.Code };
  }

  /** Location and contact change; a body may repeat city and code only unchanged (beforeUpdate). */
  protected changes(body: BranchUpdate) {
    return { location: body.Location, contact: body.Contact };
  }

  protected taken(property: keyof BranchEntity, values: Partial<BranchEntity>): AppError {
    return property === 'city' ? cityTaken(values.city ?? '') : codeTaken(values.code ?? '');
  }

  protected override async beforeUpdate(_tx: Tx, branch: BranchEntity, { body }: MessageOfOp<typeof branches, 'update'>): Promise<void> {
    const renamed = body.BranchCity !== undefined && body.BranchCity.toLowerCase() !== branch.city.toLowerCase();
    const recoded = body.Code !== undefined && body.Code.toLowerCase() !== branch.code.toLowerCase();
    if (renamed || recoded) {
      throw new AppError('VALIDATION_FAILED', 'Branch name and code cannot be changed', {
        ...(renamed ? { BranchCity: 'Branch name cannot be changed' } : {}),
        ...(recoded ? { Code: 'Branch code cannot be changed' } : {}),
      });
    }
  }

  /** The branch row is locked: a concurrent "add a user to this branch" waits (its foreign-key check needs a share lock). */
  protected override async beforeDelete(tx: Tx, branch: BranchEntity): Promise<void> {
    const users = await this.users.countInBranch(tx, branch.id);
    if (users > 0) {
      throw new AppError('CONFLICT', `Branch '${branch.city}' still has ${users} ${users === 1 ? 'user' : 'users'}. Move or delete them first.`);
    }
  }
}
