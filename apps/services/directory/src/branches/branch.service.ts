import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_PAGE_SIZE, Messages, Subjects, type Actor, type Branch, type BranchCreate, type BranchListQuery, type BranchUpdate, type Page } from '@freight/contracts';
import { AppError } from '@freight/server';
import { idempotencyOf, writeTransaction, type IdempotentRequest } from '@freight/server-database';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { SEARCH_LIMIT, containsPattern } from '../payloads.js';
import { UserEntity } from '../users/user.entity.js';
import { BranchEntity, toBranch } from './branch.entity.js';

const SORT_COLUMNS: Record<NonNullable<BranchListQuery['sort']>, string> = {
  BranchCity: 'lower(b.city)',
  Location: 'lower(b.location)',
  Contact: 'b.contact',
  Code: 'lower(b.code)',
};

const cityTaken = (city: string) => new AppError('CONFLICT', `Branch '${city}' already exists`, { BranchCity: `Branch '${city}' already exists` });
const codeTaken = (code: string) => new AppError('CONFLICT', `Branch code '${code}' is already in use`, { Code: `Branch code '${code}' is already in use` });

@Injectable()
export class BranchService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query(manager: EntityManager = this.dataSource.manager): SelectQueryBuilder<BranchEntity> {
    return manager.getRepository(BranchEntity).createQueryBuilder('b');
  }

  /** The whole (small) table is sorted in SQL; the total is a plain count of the filter, asked only for a page. */
  async list(query: BranchListQuery): Promise<Page<Branch>> {
    const filtered = this.query();
    if (query.q) filtered.where('(b.city ILIKE :q OR b.location ILIKE :q)', { q: containsPattern(query.q) });
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const rows = filtered
      .clone()
      .orderBy(SORT_COLUMNS[query.sort ?? 'BranchCity'], direction)
      .addOrderBy('b.id', direction);
    if (!query.page) {
      const items = (await rows.getMany()).map(toBranch);
      return { items, total: items.length };
    }
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    rows.offset((query.page - 1) * pageSize).limit(pageSize);
    const [items, total] = await Promise.all([rows.getMany(), filtered.getCount()]);
    return { items: items.map(toBranch), total };
  }

  /**
   * Cities containing the text, the exact (case-insensitive) match first, then by name: the
   * exact match by the unique index, the rest by the trigram index or the name index.
   */
  async search(city: string): Promise<Branch[]> {
    const rows = await this.dataSource.query<BranchEntity[]>(
      `SELECT b.* FROM (
         (SELECT b.*, 0 AS rank FROM directory.branch b WHERE lower(b.city) = lower($2))
         UNION ALL
         (SELECT b.*, 1 FROM directory.branch b WHERE b.city ILIKE $1 AND lower(b.city) <> lower($2)
          ORDER BY lower(b.city) LIMIT ${SEARCH_LIMIT})
       ) b
       ORDER BY b.rank, lower(b.city) LIMIT ${SEARCH_LIMIT}`,
      [containsPattern(city), city],
    );
    return rows.map(toBranch);
  }

  async uniqueCities(): Promise<string[]> {
    const rows = await this.query().select('b.city', 'city').orderBy('lower(b.city)', 'ASC').getRawMany<{ city: string }>();
    return rows.map((row) => row.city);
  }

  async get(city: string): Promise<Branch> {
    return toBranch(await this.findByCity(this.dataSource.manager, city));
  }

  /** The branch by case-insensitive city, optionally locked for the rest of the transaction. */
  async findByCity(manager: EntityManager, city: string, lock = false): Promise<BranchEntity> {
    const query = this.query(manager).where('lower(b.city) = lower(:city)', { city });
    if (lock) query.setLock('pessimistic_write');
    const branch = await query.getOne();
    if (!branch) throw new AppError('NOT_FOUND', Messages.branchNotFound);
    return branch;
  }

  /** With `idempotencyKey`, a repeat from the same actor answers the first result (writeTransaction). */
  async create(actor: Actor, input: BranchCreate, idempotencyKey?: string): Promise<Branch> {
    const idempotency = idempotencyOf(actor, idempotencyKey, { subject: Subjects.directory.branch.create, branch: input });
    return this.write(input, async (manager) => {
      const clash = await this.query(manager)
        .where('lower(b.city) = lower(:city) OR lower(b.code) = lower(:code)', { city: input.BranchCity, code: input.Code })
        .getOne();
      if (clash) throw clash.city.toLowerCase() === input.BranchCity.toLowerCase() ? cityTaken(input.BranchCity) : codeTaken(input.Code);
      const branch = manager.getRepository(BranchEntity).create({
        city: input.BranchCity,
        location: input.Location,
        contact: input.Contact,
        code: input.Code,
        createdBy: actor.id,
        updatedBy: actor.id,
      });
      return toBranch(await manager.save(branch));
    }, idempotency);
  }

  /** Location and contact change; city and code are the branch's identity and stay. */
  async update(actor: Actor, city: string, input: BranchUpdate): Promise<Branch> {
    return this.write(input, async (manager) => {
      const branch = await this.findByCity(manager, city, true);
      const renamed = input.BranchCity !== undefined && input.BranchCity.toLowerCase() !== branch.city.toLowerCase();
      const recoded = input.Code !== undefined && input.Code.toLowerCase() !== branch.code.toLowerCase();
      if (renamed || recoded) {
        throw new AppError('VALIDATION_FAILED', 'Branch name and code cannot be changed', {
          ...(renamed ? { BranchCity: 'Branch name cannot be changed' } : {}),
          ...(recoded ? { Code: 'Branch code cannot be changed' } : {}),
        });
      }
      branch.location = input.Location;
      branch.contact = input.Contact;
      branch.updatedBy = actor.id;
      return toBranch(await manager.save(branch));
    });
  }

  async delete(city: string): Promise<{ message: string }> {
    await this.dataSource.transaction(async (manager) => {
      // The row lock makes a concurrent "add user to this branch" wait (its FK check needs a share lock).
      const branch = await this.findByCity(manager, city, true);
      const users = await manager.getRepository(UserEntity).count({ where: { branchId: branch.id } });
      if (users > 0) {
        throw new AppError('CONFLICT', `Branch '${branch.city}' still has ${users} ${users === 1 ? 'user' : 'users'}. Move or delete them first.`);
      }
      await manager.getRepository(BranchEntity).delete(branch.id);
    });
    return { message: Messages.branchDeleted };
  }

  /** Run a write in a transaction; a unique-index race still answers with the right message. */
  private write<T>(input: Partial<BranchCreate>, work: (manager: EntityManager) => Promise<T>, idempotency?: IdempotentRequest): Promise<T> {
    return writeTransaction(this.dataSource, {
      ux_branch_city: () => cityTaken(input.BranchCity ?? ''),
      ux_branch_code: () => codeTaken(input.Code ?? ''),
    }, work, idempotency);
  }

}
