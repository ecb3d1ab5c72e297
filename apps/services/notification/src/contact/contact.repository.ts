import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CONTACT_LIMIT, DEFAULT_PAGE_SIZE, type ContactMessage, type ContactRequest, type ExportChunk, type ExportCursor, type Page } from '@freight/contracts';
import { countCall } from '@freight/server-database';
import { DataSource, type EntityManager } from 'typeorm';

interface Row {
  id: string;
  full_name: string;
  email: string;
  message: string;
  received_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
}

const toMessage = (row: Row): ContactMessage => ({
  _id: row.id,
  fullName: row.full_name,
  email: row.email,
  message: row.message,
  receivedAt: row.received_at.toISOString(),
  handled: row.handled_at !== null,
  handledAt: row.handled_at?.toISOString() ?? null,
  handledBy: row.handled_by,
});

const COLUMNS = 'id, full_name, email, message, received_at, handled_at, handled_by';
/** Each sort field's SQL and type (the type casts an export cursor's value back). */
const SORTS = {
  receivedAt: ['received_at', 'timestamptz'],
  fullName: ['lower(full_name)', 'text'],
  email: ['lower(email)', 'text'],
} as const;

export interface ContactListQuery {
  q?: string;
  sort?: keyof typeof SORTS;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
  handled?: 'true' | 'false';
}

/** The WHERE of a list query, its parameters, and its order (newest first unless sorted otherwise; the id breaks ties the same way). */
function listSql(query: ContactListQuery) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.q) {
    params.push(`%${query.q.replace(/[\\%_]/g, '\\$&')}%`);
    where.push(`(full_name ILIKE $${params.length} OR email ILIKE $${params.length})`);
  }
  if (query.handled) where.push(query.handled === 'true' ? 'handled_at IS NOT NULL' : 'handled_at IS NULL');
  const [key, type] = SORTS[query.sort ?? 'receivedAt'];
  const direction = query.order ?? (query.sort ? 'asc' : 'desc');
  return { where, params, key, type, direction, orderBy: `ORDER BY ${key} ${direction}, id ${direction}` };
}

const whereOf = (where: string[]) => (where.length ? `WHERE ${where.join(' AND ')}` : '');

/** `notification.contact_message` and the per-address count: the only way to them. */
@Injectable()
export class ContactRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  /** Counts a message from `address` in `tx` against the contact limit: the seconds to wait when over it, else null (countCall). */
  count(tx: EntityManager, address: string): Promise<number | null> {
    return countCall(tx, 'notification.contact_throttle', address, { calls: CONTACT_LIMIT.messages, windowSeconds: CONTACT_LIMIT.windowSeconds });
  }

  async insert(tx: EntityManager, request: ContactRequest, address: string): Promise<ContactMessage> {
    const [row] = await tx.query<Row[]>(
      `INSERT INTO notification.contact_message (full_name, email, message, client_address) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [request.fullName, request.email, request.message, address],
    );
    return toMessage(row!);
  }

  async list(query: ContactListQuery): Promise<Page<ContactMessage>> {
    const { where, params, orderBy } = listSql(query);
    const size = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const page = query.page === undefined ? '' : `LIMIT ${size} OFFSET ${(query.page - 1) * size}`;
    const rows = await this.dataSource.query<Row[]>(`SELECT ${COLUMNS} FROM notification.contact_message ${whereOf(where)} ${orderBy} ${page}`, params);
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS total FROM notification.contact_message ${whereOf(where)}`, params)) as [
      { total: number },
    ];
    return { items: rows.map(toMessage), total };
  }

  /** One chunk of the CSV export: the list's search and order, after the cursor (the last row's sort key and id), keyset-paged. */
  async exportChunk(query: ContactListQuery, after: ExportCursor | undefined, limit: number): Promise<ExportChunk<ContactMessage>> {
    const { where, params, key, type, direction, orderBy } = listSql(query);
    if (after) {
      params.push(String(after[0]), String(after[1]));
      where.push(`(${key}, id) ${direction === 'desc' ? '<' : '>'} ($${params.length - 1}::${type}, $${params.length}::uuid)`);
    }
    const rows = await this.dataSource.query<(Row & { sort_key: string })[]>(
      `SELECT ${COLUMNS}, ${key}::text AS sort_key FROM notification.contact_message ${whereOf(where)} ${orderBy} LIMIT ${limit}`,
      params,
    );
    const last = rows.at(-1);
    return { items: rows.map(toMessage), next: last && rows.length === limit ? [last.sort_key, last.id] : null };
  }

  /** Marks it handled by `username` (or open again); null when there is no such message. */
  async setHandled(id: string, handled: boolean, username: string): Promise<ContactMessage | null> {
    const [rows] = await this.dataSource.query<[Row[], number]>(
      `UPDATE notification.contact_message
          SET handled_at = CASE WHEN $2 THEN COALESCE(handled_at, now()) END, handled_by = CASE WHEN $2 THEN COALESCE(handled_by, $3) END
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, handled, username],
    );
    return rows[0] ? toMessage(rows[0]) : null;
  }
}
