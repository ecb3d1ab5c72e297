import type { ClientRole } from '@freight/contracts';
import { EntityRepository, type FindOptions, type NewRow, type RepositorySpec, type Tx } from '@freight/server-database';
import type { DataSource, EntityTarget } from 'typeorm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What consignees and shippers have as clients who sign in. */
export interface ClientRow {
  id: string;
  username: string;
  passwordHash: string;
  sessionVersion: number;
}

/**
 * Where a client table's list is read: every client's columns (the password's hash too, for the
 * sign-in; the records leave it out) and `ownColumns`; by name first, each sort walking its index
 * (the id last where the key is not unique), the search on the name's trigram index; the name
 * and the username (shared by consignees and shippers) unique.
 */
function clientSpec<E, Sort extends string>(kind: ClientRole, a: string, ownColumns: string): RepositorySpec<E, Sort> {
  const name = `${kind}Name`;
  const columns = [
    `${a}.id, ${a}.${kind}_name AS "${name}", ${a}.username, ${a}.password_hash AS "passwordHash", ${a}.session_version AS "sessionVersion"`,
    `${a}.email, ${a}.address, ${a}.mobile, ${a}.handling_person_name AS "handlingPersonName", ${a}.remarks, ${a}.created_by AS "createdBy", ${a}.updated_by AS "updatedBy"`,
    ...(ownColumns ? [ownColumns] : []),
  ].join(', ');
  const sort = {
    [name]: [`lower(${a}.${kind}_name)`],
    [`${kind}_id`]: [`${a}.id`],
    username: [`lower(${a}.username)`],
    email: [`lower(${a}.email)`, `${a}.id`],
    address: [`lower(${a}.address)`, `${a}.id`],
    mobile: [`lower(${a}.mobile)`, `${a}.id`],
    handlingPersonName: [`lower(${a}.handling_person_name)`, `${a}.id`],
  };
  const unique = { [name]: `ux_${kind}_name`, username: 'ux_client_username' };
  // The sort and unique keys are built from `kind` (`consigneeName`), which the compiler cannot match to E's properties.
  return { alias: a, key: 'id', columns, sort, search: [name], unique } as unknown as RepositorySpec<E, Sort>;
}

/**
 * A table of clients (consignees, shippers), named in URLs by id (requirements 01 §7), whose usernames
 * share one namespace: a row's username is claimed in `client_username` in the insert's
 * transaction (its unique index, `ux_client_username`, refuses a username the other table has,
 * also under a race) and given back by the delete.
 */
export class ClientRepository<E extends ClientRow, Sort extends string> extends EntityRepository<E, E, Sort> {
  /** `ownColumns`: the SELECT list of what the kind has beyond every client's columns, named as the entity's properties. */
  constructor(
    dataSource: DataSource,
    entity: EntityTarget<E>,
    private readonly kind: ClientRole,
    alias: string,
    ownColumns = '',
  ) {
    super(dataSource, entity, clientSpec<E, Sort>(kind, alias, ownColumns));
  }

  /** By id; a key that is no id names no row (404, not a database error). */
  override async findByKey(key: string, { tx, lock }: FindOptions = {}): Promise<E | undefined> {
    if (!UUID.test(key)) return undefined;
    const { from, columns } = this.sql;
    const locking = lock ? ` FOR ${lock === 'update' ? 'UPDATE' : 'SHARE'} OF ${this.spec.alias}` : '';
    const sql = `SELECT ${columns} FROM ${from} WHERE ${this.spec.alias}.id = $1${locking}`;
    const [row] = tx ? await tx.query<E[]>(sql, [key]) : await this.read<E>(sql, [key]);
    return row;
  }

  /** `search/{id}` (the view screen): the one row with that id, as a list. */
  override async search(id: string): Promise<E[]> {
    const row = await this.findByKey(id);
    return row ? [row] : [];
  }

  /** Also a username the other kind of client has (claimed in `client_username`); an edit keeps its username (judgeClientEdit). */
  override async taken(tx: Tx, values: Partial<E>, exceptId?: string): Promise<(keyof E & string) | undefined> {
    const own = await super.taken(tx, values, exceptId);
    if (own !== undefined || values.username === undefined || exceptId !== undefined) return own;
    const claimed = await tx.query<unknown[]>(`SELECT 1 FROM directory.client_username WHERE lower(username) = lower($1)`, [values.username]);
    return claimed.length > 0 ? 'username' : undefined;
  }

  override async insert(tx: Tx, values: NewRow<E>): Promise<E> {
    await tx.query(`INSERT INTO directory.client_username (username, kind) VALUES ($1, $2)`, [values.username, this.kind]);
    return super.insert(tx, values);
  }

  override async delete(tx: Tx, id: string): Promise<void> {
    const { tablePath } = this.sql;
    await tx.query(`DELETE FROM directory.client_username u USING ${tablePath} c WHERE c.id = $1 AND lower(u.username) = lower(c.username)`, [id]);
    await super.delete(tx, id);
  }

  /** Every name, sorted (the `unique` call). */
  async names(): Promise<string[]> {
    const rows = await this.read<{ name: string }>(`SELECT ${this.kind}_name AS name FROM directory.${this.kind} ORDER BY lower(${this.kind}_name)`);
    return rows.map((row) => row.name);
  }
}
