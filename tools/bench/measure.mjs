// What every benchmark of tools/bench shares: a call measured through the gateway with autocannon,
// the same work sent straight to Postgres with the same concurrency, and the side-by-side table.
import { readFileSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import autocannon from 'autocannon';

export const CONNECTIONS = 32;
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/**
 * The settings a bench's system runs with beside npm start's: as in production, the gateway sends
 * a service's JSON replies on unread (npm start and the tests check each against its contract;
 * docs/adr/0059-json-replies-passed-as-bytes.md), and NODE_ENV is production, as the images set it
 * (deploy/docker/node.Containerfile: React's development build renders e-mails several times slower).
 */
export const PRODUCTION_SETTINGS = { CHECK_JSON_REPLIES: 'false', NODE_ENV: 'production' };

/**
 * One call through the gateway: `CONNECTIONS` connections for `DURATION_S` (or until `amount`
 * requests are answered), signed in with `token` (null: a public call). `makeRequest` gives each
 * request's path, or `{ path, method, body, headers }`.
 * @param {string} base @param {string | null} token
 * @param {() => string | { path: string, method?: string, body?: unknown, headers?: Record<string, string> }} makeRequest
 * @param {{ amount?: number }} [options]
 */
export function viaGateway(base, token, makeRequest, { amount } = {}) {
  const cpuBefore = cpuSnapshot();
  return new Promise((resolve, reject) => {
    const started = performance.now();
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        ...(amount ? { amount } : { duration: DURATION_S }),
        headers: token ? { authorization: `Bearer ${token}` } : {},
        requests: [
          {
            setupRequest: (req) => {
              const made = makeRequest();
              const { path, method = 'GET', body = undefined, headers = {} } = typeof made === 'string' ? { path: made } : made;
              if (body === undefined) return { ...req, path, method, headers: { ...req.headers, ...headers } };
              return { ...req, path, method, headers: { ...req.headers, ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const seconds = amount ? (performance.now() - started) / 1000 : DURATION_S;
        const failed = result.non2xx + result.errors + result.timeouts;
        const cpu = cpuPerRequest(cpuBefore, result.requests.total);
        resolve({ rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total, failed, seconds, cpu });
      },
    );
  });
}

/**
 * The same concurrency straight to Postgres: CONNECTIONS loops on a pool of CONNECTIONS, for DURATION_S or `amount` calls of `work`.
 * @param {import('pg').Pool} _pool @param {() => Promise<unknown>} work @param {{ amount?: number }} [options]
 */
export function viaSql(_pool, work, options = {}) {
  return inLoops(() => work(), options);
}

/**
 * `connections` loops (CONNECTIONS by default), each calling `work(loop)` one call after the
 * other, for DURATION_S or until `amount` calls in all have begun: calls a second, p50, p99, failed
 * calls (`work` threw) and the CPU per call by part.
 * @param {(loop: number) => Promise<unknown>} work @param {{ amount?: number, connections?: number }} [options]
 */
export async function inLoops(work, { amount, connections = CONNECTIONS } = {}) {
  const latencies = [];
  const cpuBefore = cpuSnapshot();
  const started = performance.now();
  const deadline = Date.now() + DURATION_S * 1000;
  let failed = 0;
  let begun = 0;
  const more = () => (amount ? begun++ < amount : Date.now() < deadline);
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      while (more()) {
        const t = process.hrtime.bigint();
        await work(loop).catch((error) => {
          if (failed++ === 0) console.error(`  first failure: ${error.message}`);
        });
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  const seconds = amount ? (performance.now() - started) / 1000 : DURATION_S;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    total: latencies.length,
    failed,
    seconds,
    cpu: cpuPerRequest(cpuBefore, latencies.length),
  };
}

/** Milliseconds of one clock tick in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** The Postgres databases of the system measured (measureDatabasesOf); while none is named, every Postgres process counts as its. */
const ownDatabases = new Set();

/** Counts only the Postgres backends of the databases in `env` (a started system's) as the system's: the server may serve other work too. */
export function measureDatabasesOf(env) {
  for (const value of Object.values(env)) if (/^postgres(ql)?:\/\//.test(value)) ownDatabases.add(new URL(value).pathname.slice(1));
}

/**
 * Which part of the system a process is: this bench; among the processes it started (the
 * system's), NATS, the dev edge, the bare hop's front and responder (bare-hop.mjs), the gateway, a service (`apps/services/<name>`) by command line;
 * Postgres (a backend of the system's databases, see measureDatabasesOf); or other (whatever else
 * runs on the machine, another bench's gateway too).
 */
function partOf(pid, command, ours) {
  if (pid === process.pid) return 'bench';
  if (command.some((arg) => /(^|\/)postgres(:|$)/.test(arg))) {
    const words = command.join(' ').split(' ');
    return ownDatabases.size === 0 || words.some((word) => ownDatabases.has(word)) ? 'postgres' : 'other';
  }
  if (!ours) return 'other';
  if (command.some((arg) => arg.endsWith('nats-server'))) return 'nats';
  if (command.some((arg) => arg.endsWith('tools/dev/edge.mjs'))) return 'edge';
  const bare = command.findIndex((arg) => arg.endsWith('tools/bench/bare-hop.mjs'));
  if (bare >= 0) return `bare ${command[bare + 1]}`;
  const app = command.map((arg) => /apps\/(gateway|services\/([\w-]+))\/dist\//.exec(arg)).find(Boolean);
  return app ? (app[2] ?? 'gateway') : 'other';
}

/** CPU time used so far (user + system, ms) by every process of the machine, by pid, with its part (partOf): where the work of a call goes (Linux /proc; empty elsewhere). */
export function cpuSnapshot() {
  const snapshot = new Map();
  let pids;
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return snapshot;
  }
  const processes = new Map();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      // Postgres renames its processes: the command line has the new name, the stat the program's.
      if (stat.includes('(postgres)') && !command.some((arg) => arg.startsWith('postgres'))) command.unshift('postgres:');
      processes.set(Number(pid), { parent: Number(fields[1]), command, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
    } catch {
      // the process ended meanwhile
    }
  }
  /** Started by this bench, directly or not. */
  const ours = (pid) => {
    for (let at = pid; at > 1; at = processes.get(at)?.parent ?? 0) if (at === process.pid) return true;
    return false;
  };
  for (const [pid, { command, ms }] of processes) snapshot.set(String(pid), { part: partOf(pid, command, ours(pid)), ms });
  return snapshot;
}

/** CPU ms per request since `before`, by part of the system (see partOf), and their sum without `other`. */
export function cpuPerRequest(before, requests) {
  const byPart = {};
  for (const [pid, { part, ms }] of cpuSnapshot()) byPart[part] = (byPart[part] ?? 0) + ms - (before.get(pid)?.ms ?? 0);
  for (const part of Object.keys(byPart)) byPart[part] = requests ? byPart[part] / requests : 0;
  const total = Object.entries(byPart).reduce((sum, [part, ms]) => (part === 'other' ? sum : sum + ms), 0);
  return { total, byPart };
}

/** `postgres 0.69, bench 0.47` : the parts that used CPU for a call, largest first (ms per request). */
export function cpuBreakdown({ byPart }) {
  return Object.entries(byPart)
    .filter(([, ms]) => ms >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([part, ms]) => `${part} ${ms.toFixed(2)}`)
    .join(', ');
}

/**
 * The gateway itself, as deployed behind nginx (the local edge, tools/dev/edge.mjs, is a development
 * stand-in whose own proxying would be measured too), and the Head's session on it.
 * @param {{ env: Record<string, string>, headLogin: { username: string, password?: string } }} system
 */
export async function headSession(system) {
  const gatewayUrl = `http://${system.env.GATEWAY_HOST}:${system.env.GATEWAY_PORT}`;
  const login = await fetch(`${gatewayUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: system.headLogin.username, password: system.headLogin.password }),
  });
  if (!login.ok) throw new Error(`Head login failed: ${login.status} ${await login.text()}`);
  const { token, user_id: userId } = await login.json();
  return { gatewayUrl, token, userId };
}

const f = (n) => n.toFixed(n < 10 ? 1 : 0);

/**
 * The console table of `{ name, gateway, direct, bare? }` rows: each side's figures, then gateway / SQL
 * (and the bare hop's, bare-hop.mjs, with bare hop / SQL).
 * CPU ms/req: the CPU time all parts of the system (this bench included, other processes of the
 * machine not) spent per request; on a machine whose cores are all busy, req/s ≈ cores × 1000 / it.
 */
export function comparisonTable(rows) {
  const figures = (path, side) => ({
    path,
    'req/s': f(side.rps),
    'p50 ms': f(side.p50),
    'p99 ms': f(side.p99),
    'CPU ms/req': side.cpu.total.toFixed(2),
    requests: side.total,
    failed: side.failed,
  });
  const ratio = (path, side, direct) => ({
    path,
    'req/s': `${(side.rps / direct.rps).toFixed(2)}×`,
    'p50 ms': `${(side.p50 / direct.p50).toFixed(2)}×`,
    'p99 ms': `${(side.p99 / direct.p99).toFixed(2)}×`,
    'CPU ms/req': `${(side.cpu.total / direct.cpu.total).toFixed(2)}×`,
    requests: '',
    failed: '',
  });
  return rows.flatMap(({ name, gateway, direct, bare }) => [
    { call: name, ...figures('gateway', gateway) },
    { call: '', ...figures('SQL direct', direct) },
    { call: '', ...ratio('gateway / SQL', gateway, direct) },
    // The floor of the hop (bare-hop.mjs): the same statement through a bare front and responder.
    ...(bare
      ? [
          { call: '', ...figures('bare hop', bare) },
          { call: '', ...ratio('bare hop / SQL', bare, direct) },
        ]
      : []),
  ]);
}

/** Where each call's CPU went, by part of the system (ms per request), through the gateway and straight to SQL. */
export function cpuTable(rows) {
  return rows.flatMap(({ name, gateway, direct, bare }) => [
    { call: name, path: 'gateway', 'CPU ms per request, by part': cpuBreakdown(gateway.cpu) },
    { call: '', path: 'SQL direct', 'CPU ms per request, by part': cpuBreakdown(direct.cpu) },
    ...(bare ? [{ call: '', path: 'bare hop', 'CPU ms per request, by part': cpuBreakdown(bare.cpu) }] : []),
  ]);
}

/** Drops everything but the start-up lines: the servers' logs would drown the table. */
export const quiet = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n')) if (line.startsWith('[start]') || line.includes('exited')) process.stdout.write(line + '\n');
    done();
  },
});

/** The machine's load averages (1, 5, 15 min): the figures are only as quiet as the machine was. */
export const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

/** A GitHub-flavoured Markdown table of rows with the same keys (a bench's BENCH_REPORT). */
export function markdownTable(rows) {
  const keys = Object.keys(rows[0]);
  const line = (cells) => `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(keys), line(keys.map(() => '---')), ...rows.map((row) => line(keys.map((key) => row[key])))].join('\n');
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a bench's queries on `pool`: `explain(name, sql, params)` adds one to `plans`.
 * @param {import('pg').Pool} pool
 */
export function planCollector(pool) {
  /** @type {{ name: string, sql: string, params: unknown[], plan: string }[]} */
  const plans = [];
  const explain = async (name, sql, params = []) => {
    const { rows: lines } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    plans.push({ name, sql, params, plan: lines.map((line) => line['QUERY PLAN']).join('\n') });
  };
  return { explain, plans };
}

/** `Seed steps: names 0.4 s, …`: how long each step of a seed took. */
export const seedStepsLine = (times) =>
  `Seed steps: ${Object.entries(times)
    .map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`)
    .join(', ')}`;

/**
 * Prints a bench's results and, with BENCH_REPORT=<file>, writes them there as Markdown: the
 * `intro` lines (the first one the title), the side-by-side table, the CPU by part, the goals
 * (`{goal, measured, met}`), then the `plans` under `planTitle`.
 */
export async function reportResults({ intro, rows, goals, planTitle, plans }) {
  const report = [];
  for (const [i, line] of intro.entries()) {
    process.stdout.write(`${line}\n\n`);
    report.push(i === 0 ? `# ${line}` : line, '');
  }
  const table = comparisonTable(rows);
  console.table(table);
  report.push(markdownTable(table));
  const cpu = cpuTable(rows);
  console.table(cpu);
  report.push('', markdownTable(cpu));
  console.table(goals);
  report.push('', markdownTable(goals.map((g) => ({ ...g, met: g.met ? 'yes' : '**no**' }))));
  report.push('', `## ${planTitle}`, '');
  for (const plan of plans) {
    process.stdout.write(`\n${plan.name}:\n${plan.plan}\n`);
    const params = plan.params.map((p, i) => `-- $${i + 1} = ${p === null ? 'NULL' : `'${p}'`}`);
    report.push(`### ${plan.name}`, '', '```sql', plan.sql, ...params, '```', '', '```', plan.plan, '```', '');
  }
  if (process.env.BENCH_REPORT) await writeFile(process.env.BENCH_REPORT, report.join('\n') + '\n');
}

/**
 * `work` on one connection of `pool` in a transaction (`begin` opens it: BEGIN, or with an
 * isolation level), committed, or rolled back when it throws: a service's transaction as a bench's SQL side runs it.
 * @template T @param {import('pg').Pool} pool @param {(client: import('pg').PoolClient) => Promise<T>} work @returns {Promise<T>}
 */
export async function inTransaction(pool, work, begin = 'BEGIN') {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
