// `npm run bench:events` (docs/adr/0061-events-keep-up.md): how far behind the events run. An
// isolated system (one of every service, its own NATS, an SMTP sink in this process), BENCH_JOBS
// jobs seeded (default 20,000) with an e-mail address for every consignee, then, through the edge
// from 8 clients (each one keep-alive connection) at a fixed rate (BENCH_RATE a second, default
// 200) for BENCH_DURATION_S (default 30 s):
//   (a) booking e-mails (`POST /api/shipments/sendmail/{jobNo}`, a job each): the time from each
//       request to its e-mail row in the notification schema;
//   (b) job creations (`POST /api/shipments/adminadd`): the time from each request to the job's
//       copy row in the accounts schema;
// each with the lag's p50, p90, p99 and max by stage (the service's write, the event in the
// stream, the consumer's transaction, the row) and from the service's write to the row (the
// events' own way), the rows that arrived (all must), and the CPU time each part of the system
// spent per event (measure.mjs); then the consumers' own writes straight to Postgres (the
// processed marks and the rows, batched as the consumer batches them, one connection): how many a
// second the SQL alone takes. BENCH_LOG=<file> keeps the system's log. Exit code 1 when a request
// fails or a row is missing. Not part of npm test.
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { serviceNamed } from '../dev/services.mjs';
import { startSystem } from '../dev/start.mjs';
import {
  cpuBreakdown,
  cpuPerRequest,
  cpuSnapshot,
  inTransaction,
  loadAverage,
  markdownTable,
  measureDatabasesOf,
  PRODUCTION_SETTINGS,
  quiet,
} from './measure.mjs';
import { newJobBodies, seedJobs } from './shipment-seed.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const JOBS = Number(process.env.BENCH_JOBS ?? 20_000);
const CLIENTS = 8;
/** The goal (issue 24): p99 from request to row. */
const GOAL_P99_MS = 5000;
/** How long to wait for a missing row after the last one came, before calling it lost. */
const STALL_MS = 60_000;

/** The stages of an event's way, each timed by its row. */
const STAGE_NAMES = {
  recorded: 'the service wrote it',
  relayed: "its event in the stream (the relay's mark)",
  consumed: "the consumer's transaction began",
  arrived: 'the row written',
};

const say = (line = '') => process.stdout.write(`${line}\n`);

// The consumers' own code, from the builds: the bench's SQL side runs exactly their statements.
const { MailRepository } = await import(new URL('../../apps/services/notification/dist/mail/mail.repository.js', import.meta.url).href);
const { applyJobEvent } = await import(new URL('../../apps/services/accounts/dist/copies/copies.js', import.meta.url).href);
const { markProcessed, EVENT_BATCH } = await import('@freight/server-database');

const testing = await import('@freight/server-testing');
const smtp = await testing.startSmtpSink();
const system = await startSystem({
  isolated: { label: 'bench' },
  build: process.argv.includes('--build'),
  out: process.env.BENCH_LOG ? createWriteStream(process.env.BENCH_LOG) : quiet,
  env: { ...PRODUCTION_SETTINGS, SMTP_URL: smtp.url },
});
measureDatabasesOf(system.env);
const clients = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
let admin;
try {
  const shipmentUrl = system.env[serviceNamed('shipment').databaseUrlVariable];
  const needed = RATE * DURATION_S;
  if (JOBS < needed) throw new Error(`BENCH_JOBS (${JOBS}) must be at least BENCH_RATE × BENCH_DURATION_S (${needed}): each e-mail is for a job of its own`);
  say(`seeding ${JOBS.toLocaleString('en')} jobs…`);
  await seedJobs(shipmentUrl, JOBS, () => undefined);
  admin = new pg.Pool({ connectionString: system.env.DATABASE_URL, max: 4 });
  // The directory's events would give each consignee its addresses (ADR 32); the seeded ones get one here.
  await admin.query(
    `INSERT INTO shipment.consignee_mail (consignee_id, emails)
     SELECT id, ARRAY['imports@' || username || '.example'] FROM shipment.directory_name WHERE kind = 'consignee'
     ON CONFLICT (consignee_id) DO NOTHING`,
  );

  const login = await post('/api/users/login', { username: system.headLogin.username, password: system.headLogin.password });
  if (login.status !== 200) throw new Error(`Head login failed: ${login.status} ${login.body}`);
  const { token } = JSON.parse(login.body);

  const newJob = await newJobBodies(admin);
  const jobNumbers = (await admin.query(`SELECT job_no FROM shipment.job ORDER BY random() LIMIT $1`, [needed])).rows.map((r) => r.job_no);
  const auth = { authorization: `Bearer ${token}` };

  const loadBefore = await loadAverage();
  say(`(a) booking e-mails: ${RATE}/s for ${DURATION_S} s through the edge from ${CLIENTS} clients…`);
  const mails = await atFixedRate((i) => ({ path: `/api/shipments/sendmail/${jobNumbers[i]}`, body: {}, headers: auth, key: jobNumbers[i] }));
  const mailLag = await lagOf(
    mails,
    // Each e-mail row by its job (one request a job), with the stages on its way: the request's
    // record and its outbox row (shipment), the consumer's processed mark and the row (notification).
    `SELECT m.business_key AS key, r.requested_at AS recorded, o.sent_at AS relayed, p.processed_at AS consumed, m.created_at AS arrived
       FROM notification.mail m
       JOIN shipment.mail_requests r ON r.id = m.request_id
       LEFT JOIN shipment.outbox o ON o.id = r.id
       LEFT JOIN notification.processed_events p ON p.message_id = r.id::text
      WHERE m.business_key = ANY($1::text[])`,
  );

  say(`(b) job creations: ${RATE}/s for ${DURATION_S} s through the edge from ${CLIENTS} clients…`);
  const creations = await atFixedRate(
    () => ({ path: '/api/shipments/adminadd', body: newJob(), headers: auth }),
    (reply) => JSON.parse(reply).shipment.jobNo,
  );
  const copyLag = await lagOf(
    creations,
    // Each job's copy row in the accounts schema, with the stages: the job and its outbox row
    // (shipment), the consumer's processed mark and the copy row (accounts).
    `SELECT c.job_no AS key, j.created_at AS recorded, o.sent_at AS relayed, p.processed_at AS consumed, c.updated_at AS arrived
       FROM accounts.job c
       JOIN shipment.job j ON j.job_no = c.job_no
       LEFT JOIN shipment.outbox o ON o.subject = 'events.shipment.job.created' AND o.payload->>'jobNo' = c.job_no
       LEFT JOIN accounts.processed_events p ON p.message_id = o.id::text
      WHERE c.job_no = ANY($1::text[])`,
  );
  const loadAfter = await loadAverage();

  // The consumers' writes alone, straight to Postgres, for as many events as each phase had.
  say('the consumers’ writes straight to Postgres…');
  const [template] = (await admin.query(`SELECT subject, html, text, recipients FROM notification.mail LIMIT 1`)).rows;
  // The e-mail rows into copies of the consumer's tables (same columns, indexes and defaults), where the service's sender does not send them.
  await admin.query(`CREATE SCHEMA bench_sql`);
  for (const table of ['mail', 'processed_events']) await admin.query(`CREATE TABLE bench_sql.${table} (LIKE notification.${table} INCLUDING ALL)`);
  const mailSql = await straightSql(mails.sent, 'bench_sql', 'events.shipment.mail.requested', (notificationTx, batch) => {
    const tx = {
      query: (/** @type {string} */ text, /** @type {unknown[]} */ params) => notificationTx.query(text.replaceAll('notification.', 'bench_sql.'), params),
    };
    const rows = batch.map(({ i, messageId }) => ({
      ...template,
      businessKey: `SQL-${i}`,
      kind: 'booking-confirmation',
      to: template.recipients,
      requestId: messageId,
    }));
    return new MailRepository(null).insertAll(tx, rows);
  });
  const [facts] = (await admin.query(`SELECT consignee_id, origin_id, origin_port FROM accounts.job LIMIT 1`)).rows;
  const copySql = await straightSql(creations.sent, 'accounts', 'events.shipment.job.created', async (tx, batch) => {
    for (const { i, messageId } of batch) {
      await applyJobEvent(tx, {
        subject: 'events.shipment.job.created',
        messageId,
        payload: {
          jobNo: `SQL-${i}`,
          job: { consigneeId: facts.consignee_id, consigneeName: 'x', originId: facts.origin_id, originPort: facts.origin_port, blNo: '', containerNo: '' },
        },
      });
    }
  });

  const f = (ms) => (ms === undefined ? '–' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
  const phases = [
    { name: '(a) booking e-mail → e-mail row', run: mails, lag: mailLag, sql: mailSql },
    { name: '(b) job creation → accounts copy row', run: creations, lag: copyLag, sql: copySql },
  ];
  say();
  say(
    `Events bench: ${RATE}/s for ${DURATION_S} s a phase through the edge, ${CLIENTS} clients; ${JOBS.toLocaleString('en')} jobs seeded; load average ${loadBefore} before, ${loadAfter} after, on ${availableParallelism()} cores`,
  );
  say();
  const table = phases.flatMap(({ name, run, lag }) =>
    ['recorded', 'relayed', 'consumed', 'arrived']
      .map((stage, i) => ({
        phase: i === 0 ? name : '',
        'from the request to': STAGE_NAMES[stage],
        p50: f(lag.stages[stage].p50),
        p90: f(lag.stages[stage].p90),
        p99: f(lag.stages[stage].p99),
        max: f(lag.stages[stage].max),
        rows: i === 3 ? `${lag.arrived} of ${run.ok}` : '',
      }))
      .concat({
        phase: '',
        'from the request to': 'from the service’s write to the row',
        p50: f(lag.eventWay.p50),
        p90: f(lag.eventWay.p90),
        p99: f(lag.eventWay.p99),
        max: f(lag.eventWay.max),
        rows: '',
      }),
  );
  say(markdownTable(table));
  say();
  const summary = phases.map(({ name, run, lag, sql }) => ({
    phase: name,
    requests: `${run.sent} in ${run.seconds.toFixed(1)} s (${(run.sent / run.seconds).toFixed(0)}/s), ${run.failed} failed`,
    'reply p50 / p99': `${f(run.p50)} / ${f(run.p99)}`,
    'row p99': `${f(lag.stages.arrived.p99)} (goal ≤ ${f(GOAL_P99_MS)})`,
    'CPU ms per event, by part': `${lag.cpu.total.toFixed(2)}: ${cpuBreakdown(lag.cpu)}`,
    'consumer SQL straight': `${sql.perSecond.toFixed(0)}/s (CPU ${sql.cpu.total.toFixed(2)} ms: ${cpuBreakdown(sql.cpu)})`,
  }));
  say(markdownTable(summary));
  const lost = phases.some(({ run, lag }) => run.failed > 0 || lag.arrived < run.ok);
  const met = phases.every(({ lag }) => lag.stages.arrived.p99 <= GOAL_P99_MS);
  say();
  say(`${lost ? 'LOST: a request failed or a row is missing' : 'every row arrived'}; p99 goal ${met ? 'met' : 'NOT met'}`);
  if (lost) process.exitCode = 1;
} finally {
  for (const client of clients) client.destroy();
  await admin?.end();
  await system.stop();
  await smtp.stop();
}

/**
 * One POST through the edge on `agent` (a client's one connection), answered as status and body.
 * @param {string} path @param {unknown} body @param {Record<string, string>} [headers] @param {http.Agent} [agent]
 * @returns {Promise<{ status: number, body: string }>}
 */
function post(path, body, headers = {}, agent = undefined) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, system.url),
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * RATE requests a second for DURATION_S, request `i` at the start + i / RATE s on client i mod
 * CLIENTS (queued on its connection while the one before is answered: a late reply makes later
 * requests late, as for a person). Each request's time is when it was sent; its key is the
 * request's own (`key`) or read from the reply (`keyOf`).
 * @param {(i: number) => { path: string, body: unknown, headers: Record<string, string>, key?: string }} make
 * @param {(reply: string) => string} [keyOf]
 */
async function atFixedRate(make, keyOf) {
  const total = RATE * DURATION_S;
  /** @type {Map<string, number>} key → when its request was sent (ms since the epoch, as Postgres's clock) */
  const sentAt = new Map();
  const replies = [];
  let failed = 0;
  const cpuBefore = cpuSnapshot();
  const started = performance.now();
  const startedAt = Date.now();
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const due = (i * 1000) / RATE;
    const wait = due - (performance.now() - started);
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { path, body, headers, key } = make(i);
    const at = Date.now();
    const t = performance.now();
    inFlight.push(
      post(path, body, headers, clients[i % CLIENTS]).then(
        (reply) => {
          replies.push(performance.now() - t);
          if (reply.status >= 300) {
            if (failed++ === 0) say(`  first failure: ${reply.status} ${reply.body.slice(0, 200)}`);
            return;
          }
          sentAt.set(key ?? keyOf(reply.body), at);
        },
        (error) => {
          if (failed++ === 0) say(`  first failure: ${error.message}`);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  replies.sort((a, b) => a - b);
  return { sent: total, ok: sentAt.size, failed, seconds, sentAt, startedAt, cpuBefore, p50: quantile(replies, 0.5), p99: quantile(replies, 0.99) };
}

/**
 * Waits until every successful request's row is there (or none came for STALL_MS), then the lag
 * from each request to each stage of its way (`sql` answers key, recorded, relayed, consumed,
 * arrived for the keys in $1): p50, p90, p99, max; and the CPU each part spent per event since the
 * phase began.
 * @param {Awaited<ReturnType<typeof atFixedRate>>} run @param {string} sql
 */
async function lagOf(run, sql) {
  const keys = [...run.sentAt.keys()];
  let rows = [];
  let lastProgress = Date.now();
  for (;;) {
    const found = (await admin.query(sql, [keys])).rows;
    if (found.length > rows.length) lastProgress = Date.now();
    rows = found;
    if (rows.length >= keys.length || Date.now() - lastProgress > STALL_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const cpu = cpuPerRequest(run.cpuBefore, rows.length);
  const percentiles = (/** @type {number[]} */ lags) => {
    lags.sort((a, b) => a - b);
    return { p50: quantile(lags, 0.5), p90: quantile(lags, 0.9), p99: quantile(lags, 0.99), max: lags.at(-1) };
  };
  const stages = {};
  for (const stage of ['recorded', 'relayed', 'consumed', 'arrived']) {
    stages[stage] = percentiles(rows.filter((row) => row[stage]).map((row) => row[stage].getTime() - run.sentAt.get(row.key)));
  }
  // The events' own way, from the service's write (the request's own wait for the service apart).
  const eventWay = percentiles(rows.map((row) => row.arrived.getTime() - row.recorded.getTime()));
  return { arrived: rows.length, stages, eventWay, cpu };
}

/**
 * `count` events' writes as the consumer makes them, straight to Postgres on one connection (the
 * consumer's one), EVENT_BATCH to a transaction: the batch's processed marks in `schema`, then
 * `write(tx, batch)` (each event's number and message id). Answers events a second and CPU per event.
 * @param {number} count @param {string} schema @param {string} subject
 * @param {(tx: { query: (sql: string, params?: unknown[]) => Promise<any> }, batch: { i: number, messageId: string }[]) => Promise<unknown>} write
 */
async function straightSql(count, schema, subject, write) {
  const pool = new pg.Pool({ connectionString: system.env.DATABASE_URL, max: 1 });
  try {
    const cpuBefore = cpuSnapshot();
    const started = performance.now();
    for (let first = 0; first < count; first += EVENT_BATCH) {
      await inTransaction(pool, async (client) => {
        const tx = {
          query: async (/** @type {string} */ text, /** @type {unknown[]} */ params) => /** @type {any} */ ((await client.query(text, params)).rows),
        };
        const batch = Array.from({ length: Math.min(EVENT_BATCH, count - first) }, (_, k) => ({ i: first + k, messageId: crypto.randomUUID(), subject }));
        await markProcessed(tx, schema, batch);
        await write(tx, batch);
      });
    }
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: count / seconds, cpu: cpuPerRequest(cpuBefore, count) };
  } finally {
    await pool.end();
  }
}

function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : undefined;
}
