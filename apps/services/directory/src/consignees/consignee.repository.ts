import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BalanceChange, consignees } from '@freight/contracts';
import type { Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { ClientRepository } from '../clients/client.repository.js';
import { ConsigneeEntity } from './consignee.entity.js';

/** directory.consignee: a client table (ClientRepository) with additional e-mails, an opening balance and its changes. */
@Injectable()
export class ConsigneeRepository extends ClientRepository<ConsigneeEntity, (typeof consignees.sortFields)[number]> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(
      dataSource,
      ConsigneeEntity,
      'consignee',
      'c',
      `c.additional_emails AS "additionalEmails", c.opening_balance AS "openingBalance", c.balance_owed AS "balanceOwed"`,
    );
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
