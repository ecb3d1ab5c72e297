import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ClientNewsTexts, clientNews, type ClientNews, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { writeTransaction } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { exportChunk, isRowId, listPage, type SqlList } from '../lists/sql-list.js';

type Handlers = ResourceHandlers<typeof clientNews>;

interface Row {
  id: string;
  news: string;
  is_active: boolean;
}

const toNews = (row: Row): ClientNews => ({ _id: row.id, news: row.news, isActive: row.is_active });
const COLUMNS = 'n.id, n.news, n.is_active';

const LIST: SqlList<Row, ClientNews> = {
  from: 'notification.client_news n',
  columns: COLUMNS,
  id: 'n.id',
  sorts: { news: ['lower(n.news)', 'text'], isActive: ['n.is_active', 'boolean'] },
  defaultSort: ['n.created_at', 'timestamptz', 'desc'],
  search: ['n.news'],
  toItem: toNews,
};

const taken = { ux_client_news_news: () => new AppError('CONFLICT', ClientNewsTexts.taken) };
const notFound = () => new AppError('NOT_FOUND', ClientNewsTexts.notFound);

/** Client news (requirements 02 §7): `notification.clientNews.*`. The text is unique whatever its case (409). */
@Injectable()
export class ClientNewsHandlers implements Handlers {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  all({ query }: Parameters<Handlers['all']>[0]) {
    return listPage(this.db, LIST, query);
  }

  export({ query, after, limit }: Parameters<Handlers['export']>[0]) {
    return exportChunk(this.db, LIST, query, after, limit);
  }

  /** The sign-in page's ticker: the active items, newest first. */
  async active() {
    return (await listPage(this.db, LIST, {}, ['n.is_active'])).items;
  }

  async search({ params }: Parameters<Handlers['search']>[0]) {
    return { success: true as const, data: await this.find(params._id) };
  }

  async add({ actor, body }: Parameters<Handlers['add']>[0]) {
    const [row] = await writeTransaction(this.db, taken, (tx) =>
      tx.query<Row[]>(`INSERT INTO notification.client_news AS n (news, is_active, created_by, updated_by) VALUES ($1, $2, $3, $3) RETURNING ${COLUMNS}`, [
        body.news,
        body.isActive,
        actor.id,
      ]),
    );
    return { success: true as const, message: ClientNewsTexts.added, data: toNews(row!) };
  }

  async update({ actor, params, body }: Parameters<Handlers['update']>[0]) {
    if (!isRowId(params._id)) throw notFound();
    const [rows] = await writeTransaction(this.db, taken, (tx) =>
      tx.query<[Row[], number]>(
        `UPDATE notification.client_news AS n SET news = $2, is_active = $3, updated_by = $4, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
        [params._id, body.news, body.isActive, actor.id],
      ),
    );
    if (!rows[0]) throw notFound();
    return { success: true as const, message: ClientNewsTexts.updated, data: toNews(rows[0]) };
  }

  async delete({ params }: Parameters<Handlers['delete']>[0]) {
    const [, count] = isRowId(params._id)
      ? await this.db.query<[unknown[], number]>(`DELETE FROM notification.client_news WHERE id = $1`, [params._id])
      : [[], 0];
    if (count === 0) throw notFound();
    return { message: ClientNewsTexts.deleted };
  }

  private async find(id: string): Promise<ClientNews> {
    const [row] = isRowId(id) ? await this.db.query<Row[]>(`SELECT ${COLUMNS} FROM notification.client_news n WHERE n.id = $1`, [id]) : [];
    if (!row) throw notFound();
    return toNews(row);
  }
}
