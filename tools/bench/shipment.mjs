// `npm run bench` (shipment part; alone: `npm run bench:shipment`): a million jobs on a fresh
// database (./shipment-seed.mjs), then, at 32 concurrent connections for ~10 s each, every call
// staff and the public use all day, through the gateway (HTTP → NATS → shipment → Postgres; not
// the local edge) and as the same SQL sent straight to Postgres from Node, both sides checked
// first to answer alike: the Daily Booking Sheet (50 rows, by date, Active), the same searched
// for one consignee's name, for a word many consignees share and for part of a BL number, the
// worklist, a job by number, the public BL call (from many client addresses, see anyAddress);
// then job creation throughput (BENCH_CREATIONS through the gateway, as many as plain SQL
// transactions) with a check that the numbers have no gap and no duplicate; then EXPLAIN
// (ANALYZE, BUFFERS) of the booking sheet's queries. With BENCH_REPORT=<file> the figures and
// plans are written there too (Markdown). Stops and cleans up.
import { availableParallelism } from 'node:os';
import { jobSchema } from '@freight/contracts';
import pg from 'pg';
import { serviceNamed } from '../dev/services.mjs';
import { startSystem } from '../dev/start.mjs';
import {
  CONNECTIONS,
  DURATION_S,
  headSession,
  inTransaction,
  loadAverage,
  measureDatabasesOf,
  planCollector,
  quiet,
  reportResults,
  seedStepsLine,
  viaGateway,
  viaSql,
  PRODUCTION_SETTINGS,
} from './measure.mjs';
import { newJobBodies, seedJobs } from './shipment-seed.mjs';
import { startBareHop } from './bare-hop.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const CREATIONS = Number(process.env.BENCH_CREATIONS ?? 5_000);
const PAGE_SIZE = 50; // requirements 02: list and worklist page size
/** Pages a user walks through: the first few of each list, as staff do. */
const PAGES = 10;
const GOALS = { sheetP99Ms: 50, sheetVsSql: 0.5, creationsPerS: 500 };
const DATABASE_URL_VARIABLE = serviceNamed('shipment').databaseUrlVariable;

// The SQL the shipment service runs, from its build (ADR 50): its repositories' queries, so both
// sides send the same statements. `jobListSql` (jobs/job-list.repository.ts) in its JSON form (ADR 59):
// a list's page as JSON with its total (from job_counts) in one statement; a search counts first (see
// searchSql); `findReply` (jobs/job.repository.ts) for a job by number; `track` for the public BL call.
const { SORTED_MATCHES_MAX, values } = await import('@freight/server-database');
const shipment = (module) => import(new URL(`../../apps/services/shipment/dist/${module}`, import.meta.url).href);
const { jobListSql } = await shipment('jobs/job-list.repository.js');
const { JOB_QUERIES } = await shipment('jobs/job.repository.js');
const { JOB_HISTORY_QUERIES } = await shipment('jobs/job-history.repository.js');
const { shipmentCounter } = await shipment('counter/counter.repository.js');
/** The booking sheet as the screen opens it (Active, by date, newest first), and the worklist. */
const SHEET = { proceed: true, defaultSort: ['job.job_number', 'desc'] };
const sheetQuery = (page, q) => ({ status: 'active', sort: 'date', order: 'desc', page, pageSize: PAGE_SIZE, ...(q && { q }) });
const WORKLIST = { proceed: false, defaultSort: ['job.job_date', 'asc'] };
const SQL = {
  sheetPage: (page) => jobListSql(SHEET, sheetQuery(page), 'json').rows,
  // A search (page 1): the count first; at most SORTED_MATCHES_MAX matches sorted from the matches, more walk the date index.
  search: (q) => jobListSql(SHEET, sheetQuery(1, q), 'json'),
  worklistPage: (page) => jobListSql(WORKLIST, { page, pageSize: PAGE_SIZE }, 'json').rows,
  jobByNumber: /** @type {string} */ (JOB_QUERIES.findReply.text),
};
/** BL_SEARCH_LIMIT (libs/contracts/src/shipment/tracking.ts). */
const BL_LIMIT = { windowSeconds: 60, maxCalls: 30 };
// A creation as the service writes it (job.handlers.ts addJob, job-store.ts insertJobs and
// recordChanges, directory-names.ts resolveNames; libs/server/database appendEvents), one job a
// transaction here: the names resolved, the counter taken, the job, its history (a row per field
// a new job has) and its `created` event in the outbox.
const RESOLVE_NAMES = `WITH l AS MATERIALIZED (SELECT * FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS l(kind, name, i))
           SELECT l.i, d.id, d.name, d.by_username FROM l CROSS JOIN LATERAL (
             SELECT id, name, false AS by_username FROM shipment.directory_name
              WHERE kind = l.kind AND lower(name) = lower(l.name) AND deleted_at IS NULL
             UNION ALL
             SELECT id, name, true FROM shipment.directory_name
              WHERE l.kind = 'user' AND kind = 'user' AND lower(username) = lower(l.name) AND deleted_at IS NULL AND username IS NOT NULL
             OFFSET 0) d`;
/** @type {string} */
const TAKE_NUMBERS = shipmentCounter.queries.take.text;
/** @type {string} */
const INSERT_JOBS = JOB_QUERIES.insert.text;
/** @type {string} */
const INSERT_HISTORY = JOB_HISTORY_QUERIES.insert.text;
const APPEND_EVENT = `INSERT INTO shipment.outbox (subject, payload) VALUES ($1, $2::jsonb)`;
/** The history of a new job (recordChanges, changedFields): its number and its status, the start of its timeline. */
const newJobHistory = (row) => [
  ['jobNo', row.job_no],
  ['ShipmentStatus', row.shipment_status],
];
/** What a `created` event says changed: every content field of a job (job.row.ts contentFields). */
const CONTENT_FIELDS = Object.keys(jobSchema.shape).filter((field) => !['_id', 'version', 'createdAt', 'updatedAt'].includes(field));

const rand = (n) => Math.floor(Math.random() * n);
const any = (list) => list[rand(list.length)];
const say = (line = '') => process.stdout.write(`${line}\n`);

const system = await startSystem({ env: PRODUCTION_SETTINGS, isolated: { label: 'bench' }, build: process.argv.includes('--build'), out: quiet });
measureDatabasesOf(system.env);
let pool;
let bareHop;
try {
  const databaseUrl = system.env[DATABASE_URL_VARIABLE];
  say(`seeding ${JOBS.toLocaleString('en')} jobs…`);
  const seedStarted = Date.now();
  const seedSteps = await seedJobs(databaseUrl, JOBS, say);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const loadBefore = await loadAverage();

  const { gatewayUrl, token, userId: headId } = await headSession(system);
  const get = async (path) => {
    const response = await fetch(`${gatewayUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return { body: await response.json(), total: Number(response.headers.get('x-total-count')) };
  };

  pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  const sample = (await pool.query(`SELECT job_no, bl_no FROM shipment.job TABLESAMPLE SYSTEM (2) REPEATABLE (7)`)).rows;
  const jobNumbers = sample.map((row) => row.job_no);
  const blNumbers = sample.filter((row) => row.bl_no).map((row) => row.bl_no);
  const names = async (kind) => (await pool.query(`SELECT name FROM shipment.directory_name WHERE kind = $1`, [kind])).rows.map((r) => r.name);
  const consignees = await names('consignee');

  /** Part of one consignee's name as staff type it: its first word and the start of the second (≈1 consignee, ≈100 active bookings). */
  const consigneeTerm = () => {
    const [first, second] = any(consignees).split(' ');
    return `${first} ${second.slice(0, 3)}`;
  };
  /** Five letters of a word many consignees' names share (their second word: ≈60 consignees, ≈15,000 active bookings). */
  const wordTerm = () => any(consignees).split(' ')[1].slice(0, 5);
  /** Six digits of a BL number (≈1–3 matches). */
  const blTerm = () => {
    const digits = any(blNumbers).slice(4);
    const from = rand(3);
    return digits.slice(from, from + 6);
  };
  /**
   * A client address of the public: the BL call is limited per address (BL_SEARCH_LIMIT, 30 a
   * minute), so the bench's calls come from many, as the public's do (X-Forwarded-For, which the
   * gateway takes from a proxy on this machine, GATEWAY_TRUST_PROXY): each call is counted as in
   * production and none is refused, with no limit changed.
   */
  const anyAddress = () => `10.${rand(256)}.${rand(256)}.${rand(256)}`;
  const blRequest = () => ({ path: `/api/shipments/searchbl/${any(blNumbers)}`, headers: { 'x-forwarded-for': anyAddress() } });
  /** The BL call as the service runs it: the call counted and the reply read in one statement. */
  const blSql = async (blNo, address) =>
    (await pool.query(JOB_QUERIES.track.text, values(JOB_QUERIES.track, { ...BL_LIMIT, clientAddress: address, blNo }))).rows[0];
  const sheetPath = (page, q) =>
    `/api/shipments/allbooklist/${headId}?page=${page}&pageSize=${PAGE_SIZE}&sort=date&order=desc&status=active${q ? `&q=${encodeURIComponent(q)}` : ''}`;
  const worklistPath = (page) => `/api/shipments/allworklist/${headId}?page=${page}&pageSize=${PAGE_SIZE}`;

  /** A page as the service reads it: its jobs as one JSON array, and its total beside it. */
  const onePage = async (statement) => {
    const [{ json, total }] = (await pool.query(statement.sql, statement.params)).rows;
    return { json, total };
  };
  const sheetSql = (page) => onePage(SQL.sheetPage(page));
  /** Page 1 of a search as the service reads it: the count, then the page by the plan the count picks. */
  const searchSql = async (q) => {
    const sql = SQL.search(q);
    const [{ total }] = (await pool.query(sql.total.sql, sql.total.params)).rows;
    if (total === 0) return { json: '[]', total };
    const page = total > SORTED_MATCHES_MAX ? sql.rows : sql.matches;
    const [{ json }] = (await pool.query(page.sql, page.params)).rows;
    return { json, total };
  };
  const worklistSql = (page) => onePage(SQL.worklistPage(page));

  // Both sides must do the same work: the gateway's answers and the SQL's agree.
  const alike = async (what, gatewaySide, sqlSide) => {
    const { body, total } = await gatewaySide;
    const { json, total: sqlTotal } = await sqlSide;
    const viaGatewayIds = JSON.stringify({ jobs: body.map((job) => job.jobNo), total });
    const viaSqlIds = JSON.stringify({ jobs: JSON.parse(json).map((job) => job.jobNo), total: sqlTotal });
    if (viaGatewayIds !== viaSqlIds)
      throw new Error(`the gateway and the bench's SQL disagree on ${what}: keep SQL the service's SQL\n${viaGatewayIds}\n${viaSqlIds}`);
  };
  for (const page of [1, 2, PAGES]) {
    await alike(`booking sheet page ${page}`, get(sheetPath(page)), sheetSql(page));
    await alike(`worklist page ${page}`, get(worklistPath(page)), worklistSql(page));
  }
  for (const q of [consigneeTerm(), consigneeTerm(), wordTerm(), blTerm(), blTerm()]) await alike(`the search ${q}`, get(sheetPath(1, q)), searchSql(q));
  for (const blNo of blNumbers.slice(0, 5)) {
    const address = anyAddress();
    const answer = await fetch(`${gatewayUrl}/api/shipments/searchbl/${blNo}`, { headers: { 'x-forwarded-for': address } });
    if (!answer.ok) throw new Error(`GET searchbl/${blNo}: ${answer.status} ${await answer.text()}`);
    const tracking = await answer.json();
    const viaSql = JSON.parse((await blSql(blNo, anyAddress())).json);
    if (JSON.stringify(tracking) !== JSON.stringify(viaSql))
      throw new Error(`the gateway and the bench's SQL disagree on BL ${blNo}: keep blSql the service's SQL`);
  }
  for (const jobNo of jobNumbers.slice(0, 5)) {
    const { body } = await get(`/api/shipments/searchworklist/${jobNo}`);
    const { rows } = await pool.query(SQL.jobByNumber, [jobNo]);
    const results = rows.map((row) => JSON.parse(row.json).results[0]);
    if (JSON.stringify(body.results) !== JSON.stringify(results)) throw new Error(`the gateway and the bench's SQL disagree on job ${jobNo}`);
  }

  // The floor of the hop (bare-hop.mjs): the same statements through a bare front and responder (a list's statement differs by page).
  const pages = Array.from({ length: PAGES }, (_, i) => i + 1);
  const bareStatements = {
    ...Object.fromEntries(pages.map((page) => [`sheet-${page}`, SQL.sheetPage(page).sql])),
    ...Object.fromEntries(pages.map((page) => [`worklist-${page}`, SQL.worklistPage(page).sql])),
    job: SQL.jobByNumber,
  };
  bareHop = await startBareHop({ databaseUrl, statements: bareStatements });
  const barePage = (list, statement) => () => {
    const page = 1 + rand(PAGES);
    return bareHop.path(`${list}-${page}`, statement(page).params);
  };
  const barePath = {
    sheet: barePage('sheet', SQL.sheetPage),
    worklist: barePage('worklist', SQL.worklistPage),
    job: () => bareHop.path('job', [any(jobNumbers)]),
  };
  for (const [name, page] of [
    ['sheet-2', SQL.sheetPage(2)],
    ['worklist-2', SQL.worklistPage(2)],
  ]) {
    const viaBare = await (await fetch(`${bareHop.url}${bareHop.path(name, page.params)}`)).text();
    const [{ json }] = (await pool.query(/** @type {string} */ (page.sql), /** @type {unknown[]} */ (page.params))).rows;
    if (viaBare !== json) throw new Error(`the bare hop and the bench's SQL disagree on ${name}`);
  }

  /**
   * Each call: its name, each gateway request's path, its SQL (run once), and the bare hop's path where it has one.
   * @type {[string, () => string | { path: string, headers: Record<string, string> }, () => Promise<unknown>, (() => string)?][]}
   */
  const calls = [
    ['booking sheet: 50, by date, Active', () => sheetPath(1 + rand(PAGES)), () => sheetSql(1 + rand(PAGES)), barePath.sheet],
    ["booking sheet searched: one consignee's name", () => sheetPath(1, consigneeTerm()), () => searchSql(consigneeTerm())],
    ['booking sheet searched: a word of ≈60 consignees', () => sheetPath(1, wordTerm()), () => searchSql(wordTerm())],
    ['booking sheet searched: BL number', () => sheetPath(1, blTerm()), () => searchSql(blTerm())],
    ['worklist: 50, by date', () => worklistPath(1 + rand(PAGES)), () => worklistSql(1 + rand(PAGES)), barePath.worklist],
    ['job by number', () => `/api/shipments/searchworklist/${any(jobNumbers)}`, () => pool.query(SQL.jobByNumber, [any(jobNumbers)]), barePath.job],
    ['public BL call (no sign-in)', blRequest, () => blSql(any(blNumbers), anyAddress())],
  ];
  const rows = [];
  for (const [name, path, sql, bare] of calls) {
    say(`measuring ${name} (${DURATION_S} s via the gateway, ${DURATION_S} s straight SQL${bare ? `, ${DURATION_S} s through the bare hop` : ''})…`);
    const gateway = await viaGateway(gatewayUrl, path === blRequest ? null : token, path);
    const direct = await viaSql(pool, sql);
    rows.push({ name, gateway, direct, ...(bare && { bare: await viaGateway(bareHop.url, null, bare) }) });
  }
  await bareHop.stop();

  // Job creation: CREATIONS adds (Head, each assigned to an employee) through the gateway, 32 at a
  // time; then as many one-job transactions straight to Postgres. After each, the new numbers must
  // be exactly the next ones: none skipped, none twice, the counter on the last.
  const newJob = await newJobBodies(pool);
  const createSql = async () => {
    const job = newJob();
    const lookup = [
      ['user', job.userName],
      ['branch', job.branchCity],
      ['consignee', job.consigneeName],
      ['origin', job.originPort],
      ['shipmentType', job.typeOfShipment],
      ['shipmentTerm', job.termOfShipment],
    ];
    const found = (await pool.query(RESOLVE_NAMES, [lookup.map(([kind]) => kind), lookup.map(([, name]) => name)])).rows;
    const [user, branch, consignee, origin, type, term] = lookup.map((_, i) => found.find((row) => Number(row.i) === i + 1));
    await inTransaction(pool, async (client) => {
      const [{ value }] = (await client.query(TAKE_NUMBERS, [1])).rows;
      const prefix = job.direction === 'Export' ? 'EXP' : 'IMP';
      const record = {
        job_number: value,
        job_no: `${prefix}-${String(value).padStart(6, '0')}`,
        direction: job.direction,
        job_date: job.date,
        user_id: user.id,
        user_name: user.name,
        branch_id: branch.id,
        branch_city: branch.name,
        consignee_id: consignee.id,
        consignee_name: consignee.name,
        origin_id: origin.id,
        origin_port: origin.name,
        type_id: type.id,
        type_of_shipment: type.name,
        term_id: term.id,
        term_of_shipment: term.name,
        shipment_status: job.ShipmentStatus,
        remarks: '',
        personal_remarks: '',
        created_by: headId,
        updated_by: headId,
      };
      const [row] = (await client.query(INSERT_JOBS, [JSON.stringify([record])])).rows;
      const history = newJobHistory(row);
      await client.query(INSERT_HISTORY, [
        history.map(() => row.id),
        history.map(() => headId),
        history.map(([field]) => field),
        history.map(() => null),
        history.map(([, after]) => after),
      ]);
      const event = {
        key: row.job_no,
        jobNo: row.job_no,
        direction: row.direction,
        userId: row.user_id,
        proceedToProceeding: false,
        changed: CONTENT_FIELDS,
        // What the accounts service keeps of a job (JobAccountsFacts, ADR 34).
        job: {
          consigneeId: consignee.id,
          consigneeName: consignee.name,
          originId: origin.id,
          originPort: origin.name,
          shipperId: null,
          shipperName: null,
          blNo: '',
          containerNo: '',
        },
      };
      await client.query(APPEND_EVENT, ['events.shipment.job.created', JSON.stringify(event)]);
    });
  };
  /** The jobs numbered after `before`: exactly `expected`, consecutive, once each, the counter on the last. */
  const numbersAfter = async (before, expected) => {
    const [n] = (
      await pool.query(
        `SELECT count(*)::int AS jobs, count(DISTINCT job_number)::int AS numbers, coalesce(min(job_number), 0) AS first, coalesce(max(job_number), 0) AS last,
                (SELECT value FROM shipment.counter WHERE name = 'shipment') AS counter
           FROM shipment.job WHERE job_number > $1`,
        [before],
      )
    ).rows;
    const exact = n.jobs === expected && n.numbers === expected && n.first === before + 1 && n.last === before + expected && n.counter === n.last;
    return {
      ...n,
      exact,
      text: `${n.jobs} jobs, ${n.numbers} distinct numbers ${n.first}–${n.last}, counter ${n.counter}: ${exact ? 'no gap, no duplicate' : 'MISMATCH'}`,
    };
  };
  const counterNow = async () => Number((await pool.query(`SELECT value FROM shipment.counter WHERE name = 'shipment'`)).rows[0].value);
  say(`measuring job creation (${CREATIONS} via the gateway, ${CREATIONS} straight SQL)…`);
  const beforeGateway = await counterNow();
  const createdViaGateway = await viaGateway(gatewayUrl, token, () => ({ path: '/api/shipments/adminadd', method: 'POST', body: newJob() }), {
    amount: CREATIONS,
  });
  const gatewayNumbers = await numbersAfter(beforeGateway, createdViaGateway.total - createdViaGateway.failed);
  const beforeSql = await counterNow();
  const createdViaSql = await viaSql(pool, createSql, { amount: CREATIONS });
  const sqlNumbers = await numbersAfter(beforeSql, createdViaSql.total - createdViaSql.failed);
  rows.push({ name: `job creation (${CREATIONS})`, gateway: createdViaGateway, direct: createdViaSql });

  // The plans of the booking sheet's queries, on the terms of this run.
  const { explain, plans } = planCollector(pool);
  for (const page of [1, PAGES]) {
    const { sql, params } = SQL.sheetPage(page);
    await explain(`booking sheet page ${page} (Active, by date) with its total`, sql, params);
  }
  for (const q of [consigneeTerm(), wordTerm(), blTerm()]) {
    const sql = SQL.search(q);
    await explain(`search "${q}": total (first)`, sql.total.sql, sql.total.params);
    await explain(`search "${q}": page read from the matches (${SORTED_MATCHES_MAX.toLocaleString('en')} or fewer)`, sql.matches.sql, sql.matches.params);
    await explain(`search "${q}": page walking the date index (more matches)`, sql.rows.sql, sql.rows.params);
  }

  const f = (n) => n.toFixed(n < 10 ? 1 : 0);
  const sheets = rows.filter((row) => row.name.startsWith('booking sheet'));
  const goals = [
    ...sheets.map(({ name, gateway, direct }) => ({
      goal: `${name}: p99 ≤ ${GOALS.sheetP99Ms} ms, ≥ ${GOALS.sheetVsSql} of SQL's req/s`,
      measured: `p99 ${f(gateway.p99)} ms, ${(gateway.rps / direct.rps).toFixed(2)} of SQL`,
      met: gateway.p99 <= GOALS.sheetP99Ms && gateway.rps / direct.rps >= GOALS.sheetVsSql,
    })),
    {
      goal: `job creation through the gateway ≥ ${GOALS.creationsPerS}/s`,
      measured: `${f(createdViaGateway.rps)}/s`,
      met: createdViaGateway.rps >= GOALS.creationsPerS,
    },
    { goal: 'gateway creations: no gap, no duplicate', measured: gatewayNumbers.text, met: gatewayNumbers.exact },
    { goal: 'SQL creations: no gap, no duplicate', measured: sqlNumbers.text, met: sqlNumbers.exact },
  ];

  const loadAfter = await loadAverage();
  await reportResults({
    intro: [
      'Shipment bench',
      `${JOBS.toLocaleString('en')} jobs seeded in ${seedSeconds.toFixed(1)} s; ${CONNECTIONS} connections, ${DURATION_S} s a call; load average ${loadBefore} before the measurements, ${loadAfter} after, on ${availableParallelism()} cores`,
      seedStepsLine(seedSteps),
    ],
    rows,
    goals,
    planTitle: 'Plans of the booking sheet queries',
    plans,
  });
  if (rows.some((r) => r.gateway.failed || r.direct.failed) || !gatewayNumbers.exact || !sqlNumbers.exact) process.exitCode = 1;
} finally {
  await pool?.end();
  await bareHop?.stop();
  await system.stop();
}
