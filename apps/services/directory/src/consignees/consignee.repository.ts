import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BalanceChange, consignees } from '@freight/contracts';
import type { Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { ClientRepository } from '../clients/client.repository.js';
import { ConsigneeEntity } from './consignee.entity.js';

type Sort = (typeof consignees.sortFields)[number];

/** What a read selects (never the password's hash), named as the entity's properties. */
const COLUMNS = `c.id, c.consignee_name AS "consigneeName", c.username, c.password_hash AS "passwordHash", c.session_version AS "sessionVersion",
  c.email, c.additional_emails AS "additionalEmails", c.address, c.mobile, c.handling_person_name AS "handlingPersonName", c.remarks,
  c.opening_balance AS "openingBalance", c.created_by AS "createdBy", c.updated_by AS "updatedBy"`;

/** directory.consignee: by name first; each sort walks its index, the list's search the name's trigram index. */
@Injectable()
export class ConsigneeRepository extends ClientRepository<ConsigneeEntity, Sort> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, ConsigneeEntity, 'consignee', {
      alias: 'c',
      key: 'id',
      columns: COLUMNS,
      sort: {
        consigneeName: ['lower(c.consignee_name)'],
        consignee_id: ['c.id'],
        username: ['lower(c.username)'],
        email: ['lower(c.email)', 'c.id'],
        address: ['lower(c.address)', 'c.id'],
        mobile: ['lower(c.mobile)', 'c.id'],
        handlingPersonName: ['lower(c.handling_person_name)', 'c.id'],
      },
      search: ['consigneeName'],
      unique: { consigneeName: 'ux_consignee_name' },
    });
  }

  /** Records a change of the opening balance, in the change's transaction. */
  async recordBalanceChange(tx: Tx, change: { consigneeId: string; by: { id: string; username: string }; before: string; after: string }): Promise<void> {
    await tx.query(
      `INSERT INTO directory.consignee_balance_change (consignee_id, changed_by, changed_by_username, before, after) VALUES ($1, $2, $3, $4, $5)`,
      [change.consigneeId, change.by.id, change.by.username, change.before, change.after],
    );
  }

  /** Every change of the consignee's opening balance, newest first. */
  balanceChanges(consigneeId: string): Promise<BalanceChange[]> {
    return this.dataSource.query<BalanceChange[]>(
      `SELECT to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "changedAt", changed_by_username AS "changedBy",
              before::text AS before, after::text AS after
         FROM directory.consignee_balance_change WHERE consignee_id = $1 ORDER BY id DESC`,
      [consigneeId],
    );
  }
}
