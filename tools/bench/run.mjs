// `npm run bench`: 100,000 users in 500 branches and 100,000 consignees on a fresh database,
// then four reads at 32 concurrent connections for ~10 s each, through the gateway (HTTP → NATS
// → directory → Postgres; not the local edge) and as the same SQL sent straight to Postgres from
// Node, both sides checked to answer alike; then the CSV
// export of every user and of every consignee, one download each: its time and the gateway's
// peak memory above what it held before. Stops and cleans up.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { serviceNamed } from '../dev/services.mjs';
import { startSystem } from '../dev/start.mjs';
import { seedDirectory } from './directory-seed.mjs';
import {
  comparisonTable,
  CONNECTIONS,
  cpuTable,
  DURATION_S,
  headSession,
  measureDatabasesOf,
  quiet,
  viaGateway,
  viaSql,
  PRODUCTION_SETTINGS,
} from './measure.mjs';

const USERS = 100_000;
const BRANCHES = 500;
const CONSIGNEES = 100_000;
const PAGE_SIZE = 25;
const CONSIGNEE_PAGE_SIZE = 50;
const SEARCH_LIMIT = 50; // libs/server/database/src/entity-repository.ts
const SORTED_MATCHES_MAX = 10_000; // libs/server/database/src/entity-repository.ts
/** The measured service's database URL variable, from the service registry. */
const DATABASE_URL_VARIABLE = serviceNamed('directory').databaseUrlVariable;

// The SQL the directory service runs (EntityRepository `search` and `list` with a page and no
// filter, libs/server/database/src/entity-repository.ts, as UserRepository configures them in
// apps/services/directory/src/users/user.repository.ts; keep them identical).
const USER_COLUMNS = `u.id, u.full_name AS "fullName", u.username, u.email, u.contact, u.role, u.department, b.city AS "branchCity"`;
const ORDER_BY = { username: 'lower(u.username) ASC', fullName: 'lower(u.full_name) ASC, u.id ASC' };
const SQL = {
  search: `SELECT ${USER_COLUMNS} FROM (
         (SELECT u.*, 0 AS rank FROM directory.app_user u WHERE lower(u.username) = lower($2))
         UNION ALL
         (SELECT u.*, 1 FROM directory.app_user u WHERE u.username ILIKE $1 AND lower(u.username) <> lower($2)
          ORDER BY lower(u.username) LIMIT ${SEARCH_LIMIT})
       ) u JOIN directory.branch b ON b.id = u.branch_id
       ORDER BY u.rank, lower(u.username) LIMIT ${SEARCH_LIMIT}`,
  page: (sort, page) => `SELECT ${USER_COLUMNS} FROM (SELECT u.id FROM directory.app_user u
      ORDER BY ${ORDER_BY[sort]} LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}) page JOIN directory.app_user u ON u.id = page.id JOIN directory.branch b ON b.id = u.branch_id
         ORDER BY ${ORDER_BY[sort]}`,
  count: `SELECT count(*)::int AS total FROM directory.app_user u`,
};

// The SQL the directory service runs for consignees: ClientRepository's `findByKey` (search/{id})
// and columns (clientSpec) in apps/services/directory/src/clients/client.repository.ts, with
// ConsigneeRepository's own columns (apps/services/directory/src/consignees/consignee.repository.ts),
// and EntityRepository `list` with a page, `q` and sort=consigneeName
// (libs/server/database/src/entity-repository.ts): the count first, then the page read from the
// search's matches (at most SORTED_MATCHES_MAX) or walking the name's index; keep them identical.
const CONSIGNEE_COLUMNS = [
  `c.id, c.consignee_name AS "consigneeName", c.username, c.password_hash AS "passwordHash", c.session_version AS "sessionVersion"`,
  `c.email, c.address, c.mobile, c.handling_person_name AS "handlingPersonName", c.remarks, c.created_by AS "createdBy", c.updated_by AS "updatedBy"`,
  `c.additional_emails AS "additionalEmails", c.opening_balance AS "openingBalance"`,
].join(', ');
const CONSIGNEE_SQL = {
  byId: `SELECT ${CONSIGNEE_COLUMNS} FROM directory.consignee c WHERE c.id = $1`,
  count: `SELECT count(*)::int AS total FROM directory.consignee c WHERE (c.consignee_name ILIKE $1)`,
  /** The ids of page 1 from the matches, sorted (`matches`) or by walking the name's index (`walk`), then their rows. */
  page: (ids) => `SELECT ${CONSIGNEE_COLUMNS} FROM (${ids}) page JOIN directory.consignee c ON c.id = page.id
         ORDER BY lower(c.consignee_name) ASC`,
  matches: `WITH matches AS MATERIALIZED (SELECT c.id, lower(c.consignee_name) AS "__sort_key_0" FROM directory.consignee c WHERE (c.consignee_name ILIKE $1))
      SELECT id FROM matches ORDER BY "__sort_key_0" ASC LIMIT ${CONSIGNEE_PAGE_SIZE} OFFSET 0`,
  walk: `SELECT c.id FROM directory.consignee c WHERE (c.consignee_name ILIKE $1)
      ORDER BY lower(c.consignee_name) ASC LIMIT ${CONSIGNEE_PAGE_SIZE} OFFSET 0`,
};

const rand = (n) => Math.floor(Math.random() * n);
/** A username fragment: an exact name, a 4-digit run (≈10 matches) or a short run (many). */
function searchTerm() {
  const n = String(1 + rand(USERS)).padStart(6, '0');
  return [`user${n}`, n.slice(0, 5), n.slice(2, 5)][rand(3)];
}
/**
 * A consignee name's fragment: a 5-digit run of its number (≈1–2 matches), 4 digits (≈20) or 3
 * (≈300). Matches cluster in name order, so some 3-digit terms are estimated common enough for
 * Postgres to walk the name's index with the filter instead of sorting the trigram index's matches.
 */
function consigneeTerm() {
  const n = String(1 + rand(CONSIGNEES)).padStart(6, '0');
  return [n.slice(1), n.slice(2), n.slice(3)][rand(3)];
}
function pageQuery() {
  return { page: 1 + rand(USERS / PAGE_SIZE), sort: rand(2) ? 'username' : 'fullName' };
}
const escapeLike = (text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/** One export read as fast as the client can: seconds, bytes, records, and the gateway's peak RSS above its RSS before. */
async function measureExport(url, token, gatewayPid) {
  const before = await rssOf(gatewayPid);
  let peak = before;
  const sampler = setInterval(
    () =>
      rssOf(gatewayPid).then(
        (rss) => (peak = Math.max(peak, rss)),
        () => undefined,
      ),
    10,
  );
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`export failed: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, await rssOf(gatewayPid));
  // No seeded field holds a line break: one line per record, the header first.
  return { seconds, bytes, records: lines - 1, extraRss: peak - before };
}

const system = await startSystem({ env: PRODUCTION_SETTINGS, isolated: { label: 'bench' }, build: process.argv.includes('--build'), out: quiet });
measureDatabasesOf(system.env);
let pool;
try {
  const seconds = await seedDirectory(system.env[DATABASE_URL_VARIABLE], { users: USERS, branches: BRANCHES, consignees: CONSIGNEES });
  console.log(
    `seeded ${USERS.toLocaleString('en')} users in ${BRANCHES} branches and ${CONSIGNEES.toLocaleString('en')} consignees in ${seconds.toFixed(1)} s`,
  );

  const { gatewayUrl, token } = await headSession(system);

  pool = new pg.Pool({ connectionString: system.env[DATABASE_URL_VARIABLE], max: CONNECTIONS });
  const consigneeIds = (await pool.query('SELECT id FROM directory.consignee')).rows.map((row) => row.id);
  const anyConsigneeId = () => consigneeIds[rand(consigneeIds.length)];
  /** A paged list as the service reads it: the page and the total at once. */
  const pageWithTotal = (pageSql, countSql, params = []) => Promise.all([pool.query(pageSql, params), pool.query(countSql, params)]);
  /** Page 1 of the consignees matching `term` as the service reads it: the count, then the page's ids by the plan the count picks. */
  const consigneePage = async (term) => {
    const params = [escapeLike(term)];
    const [{ total }] = (await pool.query(CONSIGNEE_SQL.count, params)).rows;
    if (total === 0) return { rows: [], total };
    const { rows } = await pool.query(CONSIGNEE_SQL.page(total > SORTED_MATCHES_MAX ? CONSIGNEE_SQL.walk : CONSIGNEE_SQL.matches), params);
    return { rows, total };
  };
  // Both sides must do the same work: the gateway's answers and the SQL's agree, term by term.
  for (const term of ['00042', '0042', '042', '99', 'Traders']) {
    const answer = await fetch(`${gatewayUrl}/api/consignees/all?page=1&pageSize=${CONSIGNEE_PAGE_SIZE}&sort=consigneeName&q=${term}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const gatewaySide = { ids: (await answer.json()).map((c) => c.consignee_id), total: Number(answer.headers.get('x-total-count')) };
    const sqlSide = await consigneePage(term);
    if (JSON.stringify(gatewaySide) !== JSON.stringify({ ids: sqlSide.rows.map((c) => c.id), total: sqlSide.total })) {
      throw new Error(`the gateway and the bench's SQL disagree on the consignees matching ${term}: keep CONSIGNEE_SQL the service's SQL`);
    }
  }

  const rows = [];
  /** One call for DURATION_S through the gateway (`path` makes each request's path), then its SQL straight to Postgres (`sql` runs it once). */
  const measure = async (name, path, sql) => {
    console.log(`measuring ${name} (${DURATION_S} s via the gateway, ${DURATION_S} s straight SQL)…`);
    const gateway = await viaGateway(gatewayUrl, token, path);
    const direct = await viaSql(pool, sql);
    rows.push({ name, gateway, direct });
  };
  await measure(
    'GET /api/users/search/{username}',
    () => `/api/users/search/${encodeURIComponent(searchTerm())}`,
    () => {
      const term = searchTerm();
      return pool.query(SQL.search, [escapeLike(term), term]);
    },
  );
  await measure(
    `GET /api/users/all?page=N&pageSize=${PAGE_SIZE}&sort=…`,
    () => {
      const { page, sort } = pageQuery();
      return `/api/users/all?page=${page}&pageSize=${PAGE_SIZE}&sort=${sort}`;
    },
    () => {
      const { page, sort } = pageQuery();
      return pageWithTotal(SQL.page(sort, page), SQL.count);
    },
  );
  await measure(
    `GET /api/consignees/all?page=1&pageSize=${CONSIGNEE_PAGE_SIZE}&sort=consigneeName&q=…`,
    () => `/api/consignees/all?page=1&pageSize=${CONSIGNEE_PAGE_SIZE}&sort=consigneeName&q=${consigneeTerm()}`,
    () => consigneePage(consigneeTerm()),
  );
  await measure(
    'GET /api/consignees/search/{id}',
    () => `/api/consignees/search/${anyConsigneeId()}`,
    () => pool.query(CONSIGNEE_SQL.byId, [anyConsigneeId()]),
  );

  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, ${USERS.toLocaleString('en')} users, ${CONSIGNEES.toLocaleString('en')} consignees\n`);
  console.table(comparisonTable(rows));
  console.table(cpuTable(rows));
  if (rows.some((r) => r.gateway.failed || r.direct.failed)) process.exitCode = 1;

  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  const exports = [];
  for (const { path, table } of [
    { path: '/api/users/export.csv?sort=fullName', table: 'app_user' },
    { path: '/api/consignees/export.csv', table: 'consignee' },
  ]) {
    console.log(`measuring GET ${path} (every row, one download)…`);
    const exported = await measureExport(`${gatewayUrl}${path}`, token, system.children.pid('gateway'));
    const [{ expected }] = (await pool.query(`SELECT count(*)::int AS expected FROM directory.${table}`)).rows;
    exports.push({
      call: `GET ${path}`,
      records: exported.records,
      MB: mb(exported.bytes),
      seconds: exported.seconds.toFixed(2),
      'gateway peak extra RSS MB': mb(exported.extraRss),
    });
    if (exported.records !== expected) {
      console.error(`${path} has ${exported.records} records, not every row of directory.${table} (${expected})`);
      process.exitCode = 1;
    }
  }
  console.table(exports);
} finally {
  await pool?.end();
  await system.stop();
}
