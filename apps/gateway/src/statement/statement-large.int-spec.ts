import type { Statement } from '@freight/contracts';
import { consigneesCopied, accountsQuery } from '../testing/accounts.js';
import { addClient } from '../testing/clients.js';
import { stackForFile } from '../testing/gateway-stack.js';

/*
 * Issue 21, item 6a: an unpaged statement of ~7,200 lines answered 504 after 5 s: the accounts
 * service's reply was over NATS's max_payload (1 MB), dropped, and the gateway waited out its
 * time-out. Here a consignee with 10,000 ledger lines, written the way the accounts service
 * leaves them, is asked for whole.
 */
const shared = stackForFile();
const LINES = 10_000;
const FROM = '2025-01-01';
const TO = '2026-12-31';
let consigneeId: string;

beforeAll(async () => {
  consigneeId = await addClient(shared.stack, shared.head.token, 'consignee', 'many.lines');
  await consigneesCopied(shared, 1);
  // An invoice of Rs. 10.00 a line, a day apart from 2025-01-01 on, each with the balance around it.
  await accountsQuery(
    shared,
    `WITH moved AS (UPDATE accounts.consignee SET total_debit = total_debit + $2::numeric * 10 WHERE id = $1 RETURNING id)
     INSERT INTO accounts.ledger (consignee_id, kind, amount, balance_before, balance_after, entry_date, job_no, invoice_no, document_amount, recorded_by_name)
     SELECT $1, 'invoice', 10, (i - 1) * 10, i * 10, date '2025-01-01' + (i / 14), 'IMP-' || lpad(i::text, 6, '0'), 'INV-' || i, 10, 'Head'
     FROM moved, generate_series(1, $2::int) AS i`,
    [consigneeId, LINES],
  );
}, 60_000);

describe('a statement of 10,000 lines', () => {
  it('arrives whole when asked for unpaged, well within the time-out', async () => {
    const started = performance.now();
    const reply = await shared.call('GET', `/api/accounts/statement/${consigneeId}?from=${FROM}&to=${TO}`, { token: shared.head.token });
    const took = performance.now() - started;
    expect(reply.status).toBe(200);
    const statement = reply.body as Statement;
    expect(statement.lineCount).toBe(LINES);
    expect(statement.lines).toHaveLength(LINES);
    expect(statement.lines.at(-1)!.balance).toBe('100000.00');
    expect(statement.closingBalance).toBe('100000.00');
    expect(took).toBeLessThan(4000);
  });
});
