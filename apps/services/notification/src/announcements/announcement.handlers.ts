import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AnnouncementTexts, Messages, announcements, type Announcement, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import type { Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { exportChunk, isRowId, listPage, type SqlList } from '../lists/sql-list.js';

type Handlers = ResourceHandlers<typeof announcements>;

interface Row {
  id: string;
  annoucment_id: string;
  annoucment: string;
  is_active: boolean;
  consignee_id: string;
  consignee_name: string;
}

const toAnnouncement = (row: Row): Announcement => ({
  _id: row.id,
  annoucment_id: Number(row.annoucment_id),
  annoucment: row.annoucment,
  consignee: { _id: row.consignee_id, consigneeName: row.consignee_name },
  isActive: row.is_active,
});

/** Announcements with their consignee's current name; those of a deleted consignee are not shown. */
const LIST: SqlList<Row, Announcement> = {
  from: 'notification.announcement a JOIN notification.consignee c ON c.id = a.consignee_id',
  columns: 'a.id, a.annoucment_id, a.annoucment, a.is_active, c.id AS consignee_id, c.consignee_name',
  id: 'a.id',
  sorts: {
    annoucment_id: ['a.annoucment_id', 'bigint'],
    annoucment: ['lower(a.annoucment)', 'text'],
    consigneeName: ['lower(c.consignee_name)', 'text'],
    isActive: ['a.is_active', 'boolean'],
  },
  defaultSort: ['a.annoucment_id', 'bigint', 'desc'],
  search: ['a.annoucment'],
  where: ['c.deleted_at IS NULL'],
  toItem: toAnnouncement,
};

const notFound = (text: string = AnnouncementTexts.notFound) => new AppError('NOT_FOUND', text);

/**
 * Consignee announcements (requirements 02 §7): `notification.announcement.*`. The body names the
 * consignee as the form does, by name; the row keeps the id of this service's copy of the
 * consignee (kept from the directory's events, consignee-copy.ts), so a rename shows at once.
 */
@Injectable()
export class AnnouncementHandlers implements Handlers {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  all({ query }: Parameters<Handlers['all']>[0]) {
    return listPage(this.db, LIST, query);
  }

  export({ query, after, limit }: Parameters<Handlers['export']>[0]) {
    return exportChunk(this.db, LIST, query, after, limit);
  }

  /** A consignee's active announcements, newest first; a consignee may ask for their own only (the gateway checks it too). */
  async active({ actor, params }: Parameters<Handlers['active']>[0]) {
    if (actor.role === 'consignee' && actor.username.toLowerCase() !== params.username.toLowerCase()) throw new AppError('FORBIDDEN', Messages.forbidden);
    const rows = await this.db.query<Row[]>(
      `SELECT ${LIST.columns} FROM ${LIST.from} WHERE c.deleted_at IS NULL AND a.is_active AND lower(c.username) = lower($1) ORDER BY a.annoucment_id DESC`,
      [params.username],
    );
    return { data: rows.map(toAnnouncement) };
  }

  async get({ params }: Parameters<Handlers['get']>[0]) {
    return { success: true as const, data: await this.find(this.db.manager, params._id, AnnouncementTexts.editNotFound) };
  }

  async add({ actor, body }: Parameters<Handlers['add']>[0]) {
    const data = await this.db.transaction(async (tx) => {
      const consigneeId = await this.consigneeNamed(tx, body.consignee);
      const [{ id }] = (await tx.query(
        `INSERT INTO notification.announcement (annoucment, consignee_id, is_active, created_by, updated_by) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
        [body.annoucment, consigneeId, body.isActive, actor.id],
      )) as [{ id: string }];
      return this.find(tx, id);
    });
    return { success: true as const, message: AnnouncementTexts.added, data };
  }

  async edit({ actor, params, body }: Parameters<Handlers['edit']>[0]) {
    const data = await this.db.transaction(async (tx) => {
      await this.find(tx, params._id, AnnouncementTexts.editNotFound);
      const consigneeId = await this.consigneeNamed(tx, body.consignee);
      await tx.query(
        `UPDATE notification.announcement SET annoucment = $2, consignee_id = $3, is_active = $4, updated_by = $5, updated_at = now() WHERE id = $1`,
        [params._id, body.annoucment, consigneeId, body.isActive, actor.id],
      );
      return this.find(tx, params._id);
    });
    return { success: true as const, message: AnnouncementTexts.updated, data };
  }

  async delete({ params }: Parameters<Handlers['delete']>[0]) {
    const [, count] = isRowId(params._id)
      ? await this.db.query<[unknown[], number]>(
          `DELETE FROM notification.announcement a USING notification.consignee c WHERE a.id = $1 AND c.id = a.consignee_id AND c.deleted_at IS NULL`,
          [params._id],
        )
      : [[], 0];
    if (count === 0) throw notFound();
    return { message: AnnouncementTexts.deleted };
  }

  /** An announcement that is shown (its consignee not deleted), else NOT_FOUND with `text`. */
  private async find(tx: Tx, id: string, text?: string): Promise<Announcement> {
    const [row] = isRowId(id) ? await tx.query<Row[]>(`SELECT ${LIST.columns} FROM ${LIST.from} WHERE c.deleted_at IS NULL AND a.id = $1`, [id]) : [];
    if (!row) throw notFound(text);
    return toAnnouncement(row);
  }

  /** The id of the consignee of this name (any case), under a share lock so a delete event waits; 400 if there is none. */
  private async consigneeNamed(tx: Tx, name: string): Promise<string> {
    const [row] = await tx.query<{ id: string }[]>(
      `SELECT id FROM notification.consignee WHERE lower(consignee_name) = lower($1) AND deleted_at IS NULL FOR SHARE`,
      [name],
    );
    if (!row) throw new AppError('VALIDATION_FAILED', AnnouncementTexts.unknownConsignee, { consignee: AnnouncementTexts.unknownConsignee });
    return row.id;
  }
}
