// `npm run bench:pdf`: statement PDFs of ≈1,000 lines (issue 24: ≥ 50 a second on 2 cores). The
// accounts bench's data (./accounts-seed.mjs, BENCH_ROWS ledger rows, 1,000,000 by default) on a
// fresh system, then, each for ~BENCH_DURATION_S:
// - through the gateway: consignees download their own statement's PDF, PDF_PER_USER at a time
//   each, PDF_IN_ALL in all (the gateway's limits: every worker busy, no 429), every PDF checked
//   whole (%PDF- … %%EOF, as many pages as its lines need);
// - beside it, the same work straight to Postgres: the SQL the accounts service runs for one PDF
//   (the statement, its figures and every line, as JSON built by Postgres in one statement);
// - the drawing alone in this process (statementPdf, one PDF after the other: one core's rate).
// PDFs a second, p50, p99 and the CPU per PDF by part (/proc), so the figures show where a PDF's
// time goes. BENCH_REPORT=<file> writes them as Markdown. Exit code 1 when a PDF failed or was not
// whole. Build first (`npx nx run-many -t build`) or pass `-- --build`. Stops and cleans up.
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { serviceNamed } from '../dev/services.mjs';
import { startSystem } from '../dev/start.mjs';
import { seedAccounts, statementRanges } from './accounts-seed.mjs';
import {
  cpuBreakdown,
  headSession,
  inLoops,
  loadAverage,
  measureDatabasesOf,
  planCollector,
  quiet,
  reportResults,
  seedStepsLine,
  PRODUCTION_SETTINGS,
} from './measure.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** Lines of the statements drawn (issue 24). */
const STATEMENT_ENTRIES = 1_000;
const GOAL_PDFS_PER_S = 50;
/** Rows a page of the table holds at most (A4, 15-point rows): bounds a whole PDF's page count. */
const ROWS_PER_PAGE = { fewest: 40, most: 52 };
const ACCOUNTS_URL = serviceNamed('accounts').databaseUrlVariable;
const DIRECTORY_URL = serviceNamed('directory').databaseUrlVariable;

const built = (path) => import(new URL(`../../apps/${path}`, import.meta.url).href);
const { values } = await import('@freight/server-database');
const { companyProfileFromEnv } = await import('@freight/contracts');
const { STATEMENT_QUERIES } = await built('services/accounts/dist/statement/statement.repository.js');
const { statementPdf } = await built('gateway/dist/statement/statement-pdf.js');
const { PDF_IN_ALL, PDF_PER_USER, PDF_THREADS } = await built('gateway/dist/statement/statement-pdf.drawer.js');

/** A statement of the service's and its positional values for named `params`. */
const bound = (query, params) => [query.text, values(query, params)];
const say = (line = '') => process.stdout.write(`${line}\n`);
const f = (n) => n.toFixed(n < 10 ? 1 : 0);

/** Whole: the header, the end-of-file marker, and `/Type /Page` objects as many as `lines` fill. */
function wholePdf(file, lines) {
  const text = Buffer.from(file).toString('latin1');
  const pages = text.match(/\/Type \/Page\b/g)?.length ?? 0;
  const plausible = pages >= Math.ceil(lines / ROWS_PER_PAGE.most) && pages <= Math.ceil(lines / ROWS_PER_PAGE.fewest) + 1;
  if (!text.startsWith('%PDF-') || !/%%EOF\s*$/.test(text) || !plausible)
    throw new Error(`not a whole PDF of ${lines} lines: ${file.length} bytes, ${pages} pages`);
  return pages;
}

const system = await startSystem({ env: PRODUCTION_SETTINGS, isolated: { label: 'bench' }, build: process.argv.includes('--build'), out: quiet });
measureDatabasesOf(system.env);
let pool;
try {
  say(`seeding ${ROWS.toLocaleString('en')} ledger rows…`);
  const seedStarted = Date.now();
  const seedSteps = await seedAccounts({ directoryUrl: system.env[DIRECTORY_URL], accountsUrl: system.env[ACCOUNTS_URL], rows: ROWS }, say);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  pool = new pg.Pool({ connectionString: system.env[ACCOUNTS_URL], max: PDF_IN_ALL });
  const company = companyProfileFromEnv(system.env);

  // Consignees with a statement of ≈1,000 lines, each signed in on the client portal (the seed gives them the Head's password).
  const users = PDF_IN_ALL / PDF_PER_USER;
  const { entries, statements: ranges } = await statementRanges(pool, STATEMENT_ENTRIES);
  if (ranges.length < users) throw new Error(`${users} consignees with ${entries} entries wanted, ${ranges.length} seeded: raise BENCH_ROWS`);
  const directory = new pg.Client({ connectionString: system.env[DIRECTORY_URL] });
  await directory.connect();
  const usernames = new Map(
    (await directory.query(`SELECT id, username FROM directory.consignee WHERE id = ANY($1::uuid[])`, [ranges.map((r) => r.id)])).rows.map((r) => [
      r.id,
      r.username,
    ]),
  );
  await directory.end();
  const { gatewayUrl } = await headSession(system);
  const readers = [];
  for (const range of ranges.slice(0, users)) {
    const response = await fetch(`${gatewayUrl}/api/clientlogin/myclientlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: usernames.get(range.id), password: system.headLogin.password }),
    });
    if (!response.ok) throw new Error(`sign-in of ${usernames.get(range.id)}: ${response.status} ${await response.text()}`);
    const { token } = await response.json();
    const get = async (path) => {
      const reply = await fetch(`${gatewayUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!reply.ok) throw new Error(`GET ${path}: ${reply.status} ${await reply.text()}`);
      return reply;
    };
    const query = `from=${range.from}&to=${range.to}`;
    // The statement as JSON: its figures and lines (the PDF's, less the balances brought and carried forward).
    const statement = await (await get(`/api/accounts/statement/${range.id}?${query}`)).json();
    readers.push({
      ...range,
      statement,
      pdf: async () => new Uint8Array(await (await get(`/api/accounts/statement/${range.id}/statement.pdf?${query}`)).arrayBuffer()),
      /** Pages of its PDF, once checked whole. */
      pages: 0,
    });
  }

  /** The SQL the accounts service runs for one PDF (statement/statement.handlers.ts statement, every line): the statement as JSON built by Postgres, one statement; answers how many lines it has. */
  const pdfSql = async ({ id, from, to }) =>
    JSON.parse((await pool.query(...bound(STATEMENT_QUERIES['statement.reply'], { consigneeId: id, from, to, limit: null, offset: 0 }))).rows[0].json).lines
      .length;

  // Both sides do the same work: each reader's PDF is whole and has as many lines as the SQL reads (and the JSON lists).
  for (const reader of readers) {
    const lines = await pdfSql(reader);
    if (lines !== reader.statement.lineCount || lines !== reader.statement.lines.length)
      throw new Error(`the SQL read ${lines} lines of ${reader.id}, the statement has ${reader.statement.lineCount}`);
    reader.pages = wholePdf(await reader.pdf(), lines + 2);
  }
  const lineCounts = readers.map((r) => r.statement.lineCount).sort((a, b) => a - b);
  const loadBefore = await loadAverage();

  const readerOf = (loop) => readers[Math.floor(loop / PDF_PER_USER)];
  say(`measuring the PDF through the gateway (${PDF_IN_ALL} at a time: ${users} consignees, ${PDF_PER_USER} each)…`);
  let notWhole = 0;
  const gateway = await inLoops(
    async (loop) => {
      const reader = readerOf(loop);
      try {
        wholePdf(await reader.pdf(), reader.statement.lineCount + 2);
      } catch (error) {
        notWhole++;
        throw error;
      }
    },
    { connections: PDF_IN_ALL },
  );
  say(`measuring the same SQL straight to Postgres (${PDF_IN_ALL} at a time)…`);
  const direct = await inLoops((loop) => pdfSql(readerOf(loop)), { connections: PDF_IN_ALL });

  // The drawing alone, of the same statements: the balances brought and carried forward around the JSON's lines, as the export sends them.
  const drawJobs = readers.map(({ statement }) => ({
    head: { ...statement, lines: [] },
    lines: [
      { date: statement.from, kind: 'brought forward', reference: '', details: '', debit: '', credit: '', balance: statement.openingBalance },
      ...statement.lines,
      { date: statement.to, kind: 'carried forward', reference: '', details: '', debit: '', credit: '', balance: statement.closingBalance },
    ],
  }));
  say('measuring the drawing alone, in this process, one PDF after the other…');
  const inProcess = await inLoops(
    async (loop) => {
      const { head, lines } = drawJobs[loop % drawJobs.length];
      async function* all() {
        yield lines;
      }
      wholePdf(await statementPdf(head, all(), new Date(), company), lines.length);
    },
    { connections: 1 },
  );
  const loadAfter = await loadAverage();

  const { explain, plans } = planCollector(pool);
  const [first] = readers;
  const range = { consigneeId: first.id, from: first.from, to: first.to };
  await explain('statement', ...bound(STATEMENT_QUERIES['statement.reply'], { ...range, limit: null, offset: 0 }));

  const drawing = (name, result) =>
    `${name}: ${f(result.rps)} PDFs/s, p50 ${f(result.p50)} ms, p99 ${f(result.p99)} ms; CPU ms per PDF: ${cpuBreakdown(result.cpu)}`;
  const goals = [
    {
      goal: `statement PDFs of ≈${entries.toLocaleString('en')} lines through the gateway ≥ ${GOAL_PDFS_PER_S}/s`,
      measured: `${f(gateway.rps)}/s (CPU ${f(gateway.cpu.total)} ms per PDF: ${f(2000 / gateway.cpu.total)}/s on 2 free cores)`,
      met: gateway.rps >= GOAL_PDFS_PER_S,
    },
    { goal: 'every PDF whole, none refused', measured: `${gateway.total} PDFs, ${gateway.failed} failed (${notWhole} not whole)`, met: gateway.failed === 0 },
  ];
  await reportResults({
    intro: [
      'Statement PDF bench',
      `${ROWS.toLocaleString('en')} ledger rows seeded in ${seedSeconds.toFixed(1)} s; ${PDF_THREADS} drawing threads, ${PDF_IN_ALL} PDFs at a time (${users} consignees, ${PDF_PER_USER} each), ${Math.round(gateway.seconds)} s a measurement; load average ${loadBefore} before the measurements, ${loadAfter} after, on ${availableParallelism()} cores`,
      seedStepsLine(seedSteps),
      `Statements drawn: ${readers.length} consignees' own, ${lineCounts[0]}–${lineCounts.at(-1)} lines (and the balances brought and carried forward), ${readers.map((r) => r.pages).join(', ')} pages`,
      drawing('Drawing alone, in this process (one core)', inProcess),
    ],
    rows: [{ name: `statement PDF (≈${entries.toLocaleString('en')} lines)`, gateway, direct }],
    goals,
    planTitle: 'Plans of the statement queries',
    plans,
  });
  if (goals.slice(1).some((g) => !g.met) || direct.failed || inProcess.failed) process.exitCode = 1;
} finally {
  await pool?.end();
  await system.stop();
}
