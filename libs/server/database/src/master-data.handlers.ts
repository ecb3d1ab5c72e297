import { EXPORT_CHUNK_MAX, type Actor, type ExportCursor, type MessageOf, type ResourceDef, type ServiceReplyOf } from '@freight/contracts';
import { AppError } from '@freight/server';
import type { FindOptions, ListQuery, MasterDataRepository, NewRow, Tx } from './entity-repository.js';
import { alreadyAnswered, idempotencyOf, type IdempotentRequest } from './idempotency.js';
import { changeEvent } from './outbox.js';

type Operation<R extends ResourceDef, K extends string> = K extends keyof R['operations'] ? R['operations'][K] : never;
/** The NATS message of the resource's operation `K` (`{actor, params?, query?, body?}`). */
export type MessageOfOp<R extends ResourceDef, K extends string> = MessageOf<Operation<R, K>>;
/** What the service answers to operation `K`: the REST reply, or `{items, total}` for a list. */
export type ReplyOfOp<R extends ResourceDef, K extends string> = ServiceReplyOf<Operation<R, K>>;
type BodyOf<R extends ResourceDef, K extends string> = MessageOfOp<R, K> extends { body: infer B } ? B : never;

/** A row the handlers write: its id, and who created and last changed it (AuditedEntity). */
export interface AuditedRow {
  id: string;
  createdBy: string | null;
  updatedBy: string | null;
}

/** The parts of a message the generic handlers read; the definition's schemas have checked them. */
interface StandardMessage {
  actor: Actor;
  idempotencyKey?: string;
  params?: Record<string, string>;
  query?: ListQuery;
  body?: unknown;
  /** An export's chunk: after which row, how many. */
  after?: ExportCursor;
  limit?: number;
}

/**
 * The handlers of a master-data resource over its repository: `all`, `search`, `get`, `add`,
 * `update` and `delete` answer the REST replies with the definition's texts
 * (`{success: true, message: texts.added, <singular>: record}`, `{message: texts.deleted}`,
 * NOT_FOUND with `texts.notFound`); a paged list answers `{items, total}`. Every write runs in
 * one transaction: the target is read locked, then judged by the entity's hooks, then changed
 * (ADR 17), and appends its event (`events.<service>.<name>.<created|updated|deleted>`, with the
 * records before and after) to the outbox in that transaction (ADR 21). An entity supplies its mapping (`toRecord`, `newRow`, `changes`), its 409 for a
 * unique value (`taken`) and, where it has rules, the hooks `beforeAdd`, `beforeUpdate` and
 * `beforeDelete`; its class adds the operations that are its own and declares
 * `implements ResourceHandlers<typeof resource>`, so the compiler checks the whole set.
 */
export abstract class MasterDataHandlers<R extends ResourceDef & { subjects: Record<string, string> }, E extends AuditedRow, Rec> {
  protected constructor(
    protected readonly resource: R,
    protected readonly repository: MasterDataRepository<E>,
  ) {}

  /** The record as replies carry it. */
  protected abstract toRecord(row: E): Rec;
  /** The new row's values from an add's body (who made it is set here). */
  protected abstract newRow(body: BodyOf<R, 'add'>): NewRow<E>;
  /** What an update's body changes in `row` (who changed it is set here). */
  protected abstract changes(body: BodyOf<R, 'update'>, row: E): Partial<E>;
  /** The 409 for a value of a unique property another row already has (found by the check or by the index). */
  protected abstract taken(property: keyof E & string, values: Partial<E>): AppError;

  /**
   * Values that take time to compute from a body (a password's hash), worked out before the
   * transaction so it holds no locks meanwhile; merged into the new row or the changes. An add
   * passes `first`, its uniqueness check, to run just before the costly part (CONFLICT at once).
   */
  protected async prepare(_body: BodyOf<R, 'add'> | BodyOf<R, 'update'>, _first?: () => Promise<void>): Promise<Partial<E>> {
    return {};
  }
  /** Rules an add must pass, in its transaction, before the uniqueness check and the insert. */
  protected async beforeAdd(_tx: Tx, _message: MessageOfOp<R, 'add'>): Promise<void> {}
  /** Rules for changing `row` (locked), before the uniqueness check and the update. */
  protected async beforeUpdate(_tx: Tx, _row: E, _message: MessageOfOp<R, 'update'>): Promise<void> {}
  /** Rules for deleting `row` (locked), before the delete. */
  protected async beforeDelete(_tx: Tx, _row: E, _message: MessageOfOp<R, 'delete'>): Promise<void> {}

  async all(message: MessageOfOp<R, 'all'>): Promise<ReplyOfOp<R, 'all'>> {
    const page = await this.repository.list(this.parts(message).query ?? {});
    return { items: page.items.map((row) => this.toRecord(row)), total: page.total } as ReplyOfOp<R, 'all'>;
  }

  /** One chunk of the list's CSV export, in the list's order (the gateway asks for the next from `next`). */
  async export(message: MessageOfOp<R, 'export'>): Promise<ReplyOfOp<R, 'export'>> {
    const { query, after, limit } = this.parts(message);
    const chunk = await this.repository.chunk(query ?? {}, after, limit ?? EXPORT_CHUNK_MAX);
    return { items: chunk.items.map((row) => this.toRecord(row)), next: chunk.next } as ReplyOfOp<R, 'export'>;
  }

  async search(message: MessageOfOp<R, 'search'>): Promise<ReplyOfOp<R, 'search'>> {
    const rows = await this.repository.search(this.keyOf(message));
    return { success: true, [this.replyKeys.many]: rows.map((row) => this.toRecord(row)) } as ReplyOfOp<R, 'search'>;
  }

  async get(message: MessageOfOp<R, 'get'>): Promise<ReplyOfOp<R, 'get'>> {
    return this.toRecord(await this.require(this.keyOf(message))) as ReplyOfOp<R, 'get'>;
  }

  /** With an idempotency key, a repeat from the same actor answers the first reply, unwritten. */
  async add(message: MessageOfOp<R, 'add'>): Promise<ReplyOfOp<R, 'add'>> {
    const { actor, idempotencyKey, body } = this.parts(message);
    const idempotency = idempotencyOf(actor, idempotencyKey, { subject: this.resource.subjects.add, body });
    const row = this.newRow(body as BodyOf<R, 'add'>) as Partial<E>;
    const prepared = await this.prepare(body as BodyOf<R, 'add'>, () => this.assertFreeBefore(idempotency, row));
    const values = { ...row, ...prepared, createdBy: actor.id, updatedBy: actor.id } as NewRow<E>;
    return this.repository.transaction(
      async (tx) => {
        await this.beforeAdd(tx, message);
        await this.assertFree(tx, values as Partial<E>);
        const row = await this.repository.insert(tx, values);
        await this.repository.appendEvents(tx, [
          changeEvent(this.resource, 'created', { after: this.toRecord(row), by: { id: actor.id, username: actor.username } }),
        ]);
        return this.written(this.resource.texts.added, row) as ReplyOfOp<R, 'add'>;
      },
      { idempotency, taken: (property) => this.taken(property as keyof E & string, values as Partial<E>) },
    );
  }

  async update(message: MessageOfOp<R, 'update'>): Promise<ReplyOfOp<R, 'update'>> {
    const { actor, body } = this.parts(message);
    const prepared = await this.prepare(body as BodyOf<R, 'update'>);
    let changes: Partial<E> = {};
    return this.repository.transaction(
      async (tx) => {
        const row = await this.require(this.keyOf(message), { tx, lock: 'update' });
        await this.beforeUpdate(tx, row, message);
        changes = { ...this.changes(body as BodyOf<R, 'update'>, row), ...prepared, updatedBy: actor.id };
        await this.assertFree(tx, changes, row.id);
        await this.repository.update(tx, row.id, changes);
        const after = { ...row, ...changes };
        await this.repository.appendEvents(tx, [
          changeEvent(this.resource, 'updated', { before: this.toRecord(row), after: this.toRecord(after), by: { id: actor.id, username: actor.username } }),
        ]);
        return this.written(this.resource.texts.updated, after) as ReplyOfOp<R, 'update'>;
      },
      { taken: (property) => this.taken(property as keyof E & string, changes) },
    );
  }

  async delete(message: MessageOfOp<R, 'delete'>): Promise<ReplyOfOp<R, 'delete'>> {
    const { actor } = this.parts(message);
    await this.repository.transaction(async (tx) => {
      const row = await this.require(this.keyOf(message), { tx, lock: 'update' });
      await this.beforeDelete(tx, row, message);
      await this.repository.delete(tx, row.id);
      await this.repository.appendEvents(tx, [
        changeEvent(this.resource, 'deleted', { before: this.toRecord(row), by: { id: actor.id, username: actor.username } }),
      ]);
    });
    return { message: this.resource.texts.deleted } as ReplyOfOp<R, 'delete'>;
  }

  /** The row by natural key, or NOT_FOUND with the definition's text. */
  protected async require(key: string, options?: FindOptions): Promise<E> {
    const row = await this.repository.findByKey(key, options);
    if (!row) throw new AppError('NOT_FOUND', this.resource.texts.notFound);
    return row;
  }

  /** Refuses values a unique property of another row already has (409 from `taken`). */
  protected async assertFree(tx: Tx, values: Partial<E>, exceptId?: string): Promise<void> {
    const property = await this.repository.taken(tx, values, exceptId);
    if (property) throw this.taken(property, values);
  }

  /** The uniqueness check of an add, before its transaction; not for a repeat of an answered key (its reply is stored). */
  protected assertFreeBefore(idempotency: IdempotentRequest | undefined, values: Partial<E>): Promise<void> {
    return this.repository.transaction(async (tx) => {
      if (!(await alreadyAnswered(tx, idempotency))) await this.assertFree(tx, values);
    });
  }

  /** `{success: true, message, <singular>: record}` */
  protected written(message: string, row: E): { success: true; message: string } {
    return { success: true, message, [this.replyKeys.one]: this.toRecord(row) } as { success: true; message: string };
  }

  /** The JSON names of a record and a list in replies: defineMasterData's `replyKeys` (`shipmentTypes`), else the texts (`branches`). */
  protected get replyKeys(): { one: string; many: string } {
    const { masterData } = this.resource as { masterData?: { replyKeys: { one: string; many: string } } };
    return masterData?.replyKeys ?? { one: this.resource.texts.singular, many: this.resource.texts.plural };
  }

  /** The natural key the message names in its path parameters. */
  protected keyOf(message: unknown): string {
    const key = this.parts(message).params?.[this.resource.naturalKey];
    if (key === undefined) throw new AppError('VALIDATION_FAILED', `${this.resource.naturalKey} is required`);
    return key;
  }

  private parts(message: unknown): StandardMessage {
    return message as StandardMessage;
  }
}
