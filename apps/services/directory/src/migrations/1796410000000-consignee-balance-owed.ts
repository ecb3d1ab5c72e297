import { createProcessedEventsTable, dropProcessedEventsTable, migration } from '@freight/server-database';

/**
 * A consignee's balance owed as the accounts service last announced it (`events.accounts.balance.updated`,
 * docs/adr/0041-balance-owed-from-the-accounts-events.md): every reply that carries `currentBalance` reads
 * it here. Until the first event of a consignee it is the opening balance (what it owed before any
 * invoice); the consumer then brings it up to date from the stream's first event.
 */
export const ConsigneeBalanceOwed1796410000000 = migration(
  'ConsigneeBalanceOwed1796410000000',
  async (q) => {
    await q.query(`ALTER TABLE directory.consignee ADD COLUMN balance_owed numeric(20, 2)`);
    await q.query(`UPDATE directory.consignee SET balance_owed = opening_balance`);
    await q.query(`ALTER TABLE directory.consignee ALTER COLUMN balance_owed SET NOT NULL, ALTER COLUMN balance_owed SET DEFAULT 0`);
    await createProcessedEventsTable(q, 'directory');
  },
  async (q) => {
    await dropProcessedEventsTable(q, 'directory');
    await q.query(`ALTER TABLE directory.consignee DROP COLUMN balance_owed`);
  },
);
