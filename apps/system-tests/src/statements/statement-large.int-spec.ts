import { Messages, type Statement } from '@freight/contracts';
import { Kvm } from '@nats-io/kv';
import { connectTestNats, pdfText, until } from '@freight/server-testing';
import { consigneesCopied, accountsQuery } from '../testing/accounts.js';
import { addClient, clientToken } from '../testing/clients.js';
import { TestGateway, gatewayConfig, stackForFile, statusCounts, type Reply } from '../testing/gateway-stack.js';
import { PDF_IN_ALL, PDF_PER_USER, PDF_RETRY_AFTER_SECONDS, pdfLeaseBucketName } from '@freight/gateway';

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
/** Consignees whose own statements of 1,000 lines they download as PDFs: enough to go past PDF_IN_ALL. */
const PDF_USERS = Math.floor(PDF_IN_ALL / PDF_PER_USER) + 1;
let consigneeId: string;
const pdfUsers: { id: string; token: string }[] = [];

let jobsSoFar = 0;
/**
 * `lines` invoices of Rs. 10.00 for the consignee, 14 a day from 2025-01-01 on, as the accounts
 * service leaves them: the job, the invoice (what the statement lists) and its ledger row with the
 * balance around it.
 */
async function invoices(id: string, lines: number): Promise<void> {
  const first = jobsSoFar;
  jobsSoFar += lines;
  await accountsQuery(
    shared,
    `WITH moved AS (UPDATE accounts.consignee SET total_debit = total_debit + $2::numeric * 10, invoice_count = invoice_count + $2::int WHERE id = $1 RETURNING id, name),
     numbered AS (SELECT i, 'IMP-' || lpad(($3::int + i)::text, 6, '0') AS job_no, date '2025-01-01' + (i / 14) AS day FROM generate_series(1, $2::int) AS i),
     jobs AS (INSERT INTO accounts.job (job_no, consignee_id, origin_id, origin_port) SELECT job_no, $1, gen_random_uuid(), 'Shanghai' FROM numbered),
     docs AS (
       INSERT INTO accounts.invoice (job_no, consignee_id, consignee_name, invoice_no, amount, invoice_date, search_text, created_by, updated_by)
       SELECT n.job_no, $1, m.name, 'INV-' || n.i, 10, n.day, accounts.invoice_search_text(n.job_no, 'INV-' || n.i, m.name, '', ''), gen_random_uuid(), gen_random_uuid()
       FROM numbered n, moved m)
     INSERT INTO accounts.ledger (consignee_id, kind, amount, balance_before, balance_after, entry_date, job_no, invoice_no, document_amount, recorded_by_name)
     SELECT $1, 'invoice', 10, (i - 1) * 10, i * 10, day, job_no, 'INV-' || i, 10, 'Head'
     FROM numbered`,
    [id, lines, first],
  );
}

beforeAll(async () => {
  consigneeId = await addClient(shared.stack, shared.head.token, 'consignee', 'many.lines');
  for (let n = 0; n < PDF_USERS; n++) {
    const username = `pdf.reader${n}`;
    pdfUsers.push({ id: await addClient(shared.stack, shared.head.token, 'consignee', username), token: await clientToken(shared.stack, username) });
  }
  await consigneesCopied(shared, 1 + PDF_USERS);
  await invoices(consigneeId, LINES);
  for (const user of pdfUsers) await invoices(user.id, 1000);
}, 120_000);

/** A consignee's own statement of 1,000 lines as PDF (`user.id`: the consignee's; the Head's token may ask for any), through `gateway`. */
const pdf = async (user: { id: string; token: string }, gateway = shared.stack.gateway): Promise<Reply & { file?: Uint8Array }> => {
  const response = await fetch(`${gateway.baseUrl}/api/accounts/statement/${user.id}/statement.pdf?from=${FROM}&to=${TO}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const headers = Object.fromEntries(response.headers);
  if (response.status === 200) return { status: 200, headers, body: undefined, file: new Uint8Array(await response.arrayBuffer()) };
  return { status: response.status, headers, body: await response.json() };
};
const busy = {
  status: 429,
  body: { code: 'TOO_MANY_ATTEMPTS', message: Messages.pdfBusy, details: { retryAfterSeconds: String(PDF_RETRY_AFTER_SECONDS) } },
  retryAfter: String(PDF_RETRY_AFTER_SECONDS),
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** How long each of `count` staff list calls, one every 100 ms, takes (ms). */
async function listTimes(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    expect((await shared.call('GET', '/api/users/all', { token: shared.head.token })).status).toBe(200);
    times.push(performance.now() - started);
  }
  return times;
}

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

// Issue 21, item 8: statement PDFs were drawn on the gateway's event loop with no limit: 30 at once
// by one consignee held every other call behind them.
describe('statement PDFs', () => {
  it('30 at once by one consignee: PDF_PER_USER are drawn, whole; the others are 429 with Retry-After at once', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, () => pdf(pdfUsers[0]!)));
    const drawn = replies.filter((reply) => reply.status === 200);
    expect(drawn.length).toBeGreaterThanOrEqual(PDF_PER_USER);
    expect(drawn.length).toBeLessThan(10);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect({ status: reply.status, body: reply.body, retryAfter: reply.headers['retry-after'] }).toEqual(busy);
    }
    const pages = await pdfText(drawn[0]!.file!);
    expect(pages.join('\n')).toContain('Rs. 10,000.00');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('past PDF_IN_ALL on the gateway, users within their own limit are refused too (429), and served again once the others are done', async () => {
    const replies = await Promise.all(pdfUsers.flatMap((user) => Array.from({ length: PDF_PER_USER }, () => pdf(user))));
    const counts = statusCounts(replies);
    expect(counts[200]).toBeGreaterThanOrEqual(PDF_IN_ALL - PDF_PER_USER);
    expect(counts[429]).toBeGreaterThanOrEqual(1);
    expect(Object.keys(counts).sort()).toEqual(['200', '429']);
    expect((await pdf(pdfUsers.at(-1)!)).status).toBe(200);
  });

  // ADR 53: a user's PDFs are counted over every gateway; more gateways (the autoscaler's) give no user more at once.
  it('PDF_PER_USER holds over two gateways: with them in hand on one, the other refuses the next (429); once they are done, it draws', async () => {
    const other = await TestGateway.start(gatewayConfig(shared.stack.namespace));
    const admin = await connectTestNats('admin');
    try {
      // The Head's PDFs of the 10,000-line statement: seconds in hand each.
      const head = { id: consigneeId, token: shared.head.token };
      const slots = await new Kvm(admin).open(pdfLeaseBucketName(shared.stack.namespace));
      const first = Array.from({ length: PDF_PER_USER }, () => pdf(head));
      await until(async () => {
        const held = await Promise.all(Array.from({ length: PDF_PER_USER }, (_, n) => slots.get(`${shared.head.user_id}.${n}`)));
        return held.every((entry) => entry?.operation === 'PUT') ? true : undefined;
      }, "the Head's PDFs in hand on the first gateway");
      const refused = await pdf(head, other);
      expect({ status: refused.status, body: refused.body, retryAfter: refused.headers['retry-after'] }).toEqual(busy);
      expect((await Promise.all(first)).map((reply) => reply.status)).toEqual(Array(PDF_PER_USER).fill(200));
      expect((await pdf({ id: pdfUsers[0]!.id, token: shared.head.token }, other)).status).toBe(200); // a short one: the slot is what counts
    } finally {
      await Promise.allSettled([other.close(), admin.close()]);
    }
  }, 120_000);

  it('other calls keep their latency while consignees keep the PDF workers busy (against the same calls without, in one run)', async () => {
    await listTimes(5); // warm up
    const alone = await listTimes(30);
    let drawing = true;
    let drawn = 0;
    // As many users as fill PDF_IN_ALL keep PDF_PER_USER statements each in hand, each asked again as soon as it came.
    const load = pdfUsers.slice(0, PDF_IN_ALL / PDF_PER_USER).flatMap((user) =>
      Array.from({ length: PDF_PER_USER }, async () => {
        while (drawing) {
          const reply = await pdf(user);
          expect(reply.status).toBe(200);
          drawn++;
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Measured until at least two PDFs came back meanwhile: on a loaded machine 30 calls can pass before the first.
    const during: number[] = [];
    const drawnBefore = drawn;
    while (during.length < 30 || (drawn - drawnBefore < 2 && during.length < 300)) during.push(...(await listTimes(1)));
    const drawnDuring = drawn - drawnBefore;
    drawing = false;
    await Promise.all(load);
    const ratio = median(during) / median(alone);
    // The workers were busy: PDFs came back while the list calls were measured.
    expect(drawnDuring).toBeGreaterThanOrEqual(2);
    // Drawn on the event loop (before), the same run measured 5-7 ms alone and 2.5 s during (x380); in
    // niced worker threads x1.3-1.9 on 2 cores shared with the services, Postgres and NATS.
    expect(ratio).toBeLessThan(3);
  }, 120_000);
});
