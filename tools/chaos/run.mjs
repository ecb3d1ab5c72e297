// `npm run chaos`: the fault runs of issue 5, repeatable. Starts an isolated system with its
// own nats-server and embedded Postgres (children of the supervisor, so they can be stopped
// without touching the machine's shared ones), signs in as Head, and for each fault keeps 20
// concurrent creates going for 60 s while the fault happens. Each create has its own
// Idempotency-Key and is retried with it (bounded) after 5xx or no answer. Afterwards the
// database is checked: acknowledged creates lost, creates written twice. Loopback only,
// bounded in time. Not part of npm test.
// Options: --seconds N (per fault), --only WORD (faults whose name has it), --without-keys (the load sends no
// Idempotency-Key: what the keys prevent), --no-build, --out FILE. --rolling and --lost-node instead run the
// cluster drills of ./cluster.mjs (a rolling deploy; a lost NATS node and service replicas) on a cluster system.
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { IDEMPOTENCY_KEY_HEADER } from '@freight/contracts';
import { freePort, waitFor } from '../dev/net.mjs';
import { SERVICES } from '../dev/services.mjs';
import { ROOT, startSystem } from '../dev/start.mjs';
import { clusterDrills, clusterTable } from './cluster.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    only: { type: 'string' },
    'without-keys': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string' },
    rolling: { type: 'boolean', default: false },
    'lost-node': { type: 'boolean', default: false },
  },
});
const PHASE_MS = Number(args.seconds) * 1000;
const FAULT_AT_MS = Math.min(15_000, PHASE_MS / 4);
const WORKERS = 20;
/** Bounds of one create's retries: attempts, and the wait between them (doubling). */
const RETRY = { attempts: 12, firstDelayMs: 250, maxDelayMs: 2000 };
const REQUEST_TIMEOUT_MS = 10_000;
/** A probe create, apart from the load, every so often: when creates work again after a fault. */
const PROBE_EVERY_MS = 250;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (line) => process.stdout.write(`[chaos] ${line}\n`);

const chaosDir = join(ROOT, '.data', 'chaos');
const dataDir = join(chaosDir, `run-${randomBytes(3).toString('hex')}`); // under the repo: the embedded Postgres runs as another user and must reach it
const reportFile = resolve(args.out ?? join(chaosDir, 'report.md'));
mkdirSync(dataDir, { recursive: true });
const logFile = join(chaosDir, 'system.log');
const systemLog = createWriteStream(logFile);

// No NATS_URL, and a free loopback port where no Postgres answers: startSystem then starts a
// nats-server and an embedded Postgres of its own, which the faults below may stop.
const pgPort = await freePort('127.0.0.1');
say(`starting an isolated system with its own NATS and Postgres (127.0.0.1:${pgPort}); its log: ${logFile}`);
// --rolling and --lost-node: the cluster drills (./cluster.mjs) on two of everything and three NATS nodes;
// the gateways wait a little more than the edge's readiness poll before closing their listeners.
const cluster = args.rolling || args['lost-node'];
const system = await startSystem({
  isolated: { label: 'chaos' },
  build: !args['no-build'],
  dataDir,
  out: systemLog,
  env: { NATS_URL: '', DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`, ...(cluster && { DRAIN_DELAY_MS: '1500' }) },
  ...(cluster && { replicas: 2, natsNodes: 3 }),
});
for (const name of [cluster ? 'nats-1' : 'nats', 'postgres']) system.children.pid(name); // throws unless the system started its own

// Whatever happens (Ctrl-C included), the system and its data folder go.
let cleaning;
const cleanup = () =>
  (cleaning ??= (async () => {
    await db.end().catch(() => {});
    await system.stop();
    systemLog.end();
    rmSync(dataDir, { recursive: true, force: true });
  })());
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

const base = system.url;
const db = new pg.Pool({ connectionString: system.env.DATABASE_URL, max: 2 });
db.on('error', () => {}); // an idle connection ended by the Postgres fault: the next query opens another

async function healthy() {
  const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3000) });
  const body = await res.json().catch(() => ({}));
  return res.status === 200 && body.status === 'up';
}
const waitHealthy = () => waitFor(healthy, { timeoutMs: 120_000, intervalMs: 250, what: 'the system to be healthy again' });

async function signIn() {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: system.headLogin.username, password: system.headLogin.password }),
  });
  if (res.status !== 200) throw new Error(`Head sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** One fault run: load for PHASE_MS, the fault at FAULT_AT_MS, then the database check. */
async function phase(index, fault) {
  await waitHealthy();
  const token = await signIn();
  const tag = String.fromCharCode(65 + index);
  const stats = {
    requests: 0,
    ok: 0,
    client: 0,
    server: 0,
    noAnswer: 0,
    statuses: {},
    refusals: new Set(),
    creates: 0,
    acked: new Set(),
    failed: new Set(),
    doubled: 0,
  };
  const probes = [];
  let sequence = 0;
  const started = Date.now();
  const deadline = started + PHASE_MS;

  /** One HTTP request of the load: its status, 0 for no answer. */
  async function attempt(key, body) {
    stats.requests++;
    const { status, message } = await send(key, body);
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    if (status >= 400 && status < 500) stats.refusals.add(`${status} ${message}`);
    return status;
  }

  async function send(key, body) {
    try {
      const res = await fetch(`${base}/api/branches/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(args['without-keys'] ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const reply = await res.json().catch(() => ({}));
      if (res.status < 300) stats.ok++;
      else if (res.status < 500) stats.client++;
      else stats.server++;
      return { status: res.status, message: reply.message };
    } catch {
      stats.noAnswer++;
      return { status: 0 };
    }
  }

  /** A create every PROBE_EVERY_MS whatever the others are waiting for, not retried: when does a new create succeed again? */
  async function probe(n) {
    const sentAt = Date.now();
    const body = { BranchCity: `Probe ${tag}-${n}`, Location: 'Fault drill', Contact: '+94 11 000 0000', Code: `P${tag}-${n}` };
    const ok = await fetch(`${base}/api/branches/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).then(
      (res) => res.status === 201,
      () => false,
    );
    probes.push({ sentAt, ok });
  }

  /** One create: a new key, retried with it after 5xx or no answer. */
  async function create() {
    const code = `${tag}-${(sequence++).toString(36).toUpperCase()}`; // the hyphen keeps clear of real codes (the seed's CMB)
    const body = { BranchCity: `Chaos ${code}`, Location: 'Fault drill', Contact: '+94 11 000 0000', Code: code };
    const key = randomUUID();
    stats.creates++;
    let delay = RETRY.firstDelayMs;
    for (let tries = 1; ; tries++) {
      const status = await attempt(key, body);
      if (status >= 200 && status < 300) return stats.acked.add(body.BranchCity);
      if (status === 409 && tries > 1) stats.doubled++; // our own earlier attempt wrote it, and the retry was not answered with it
      if (status >= 400 && status < 500) return stats.failed.add(body.BranchCity);
      if (tries === RETRY.attempts) return stats.failed.add(body.BranchCity);
      await sleep(delay);
      delay = Math.min(delay * 2, RETRY.maxDelayMs);
    }
  }

  const workers = Array.from({ length: WORKERS }, async () => {
    while (Date.now() < deadline) await create();
  });
  const probing = [];
  const prober = setInterval(() => probing.push(probe(probing.length)), PROBE_EVERY_MS);
  await sleep(FAULT_AT_MS);
  const faultStart = Date.now();
  await fault.inject();
  const faultEnd = Date.now();
  await Promise.all(workers);
  clearInterval(prober);
  await Promise.all(probing);
  await waitHealthy();

  const { rows } = await db.query(`SELECT city, count(*)::int AS n FROM directory.branch WHERE code LIKE $1 GROUP BY city`, [`${tag}-%`]);
  const saved = new Map(rows.map((r) => [r.city, r.n]));
  const lost = [...stats.acked].filter((city) => !saved.has(city)).length;
  const twice = rows.filter((r) => r.n > 1).length;
  const savedUnacked = [...stats.failed].filter((city) => saved.has(city)).length;
  // Recovered when the first probe succeeded that was sent after the last one that failed.
  const lastFailed = Math.max(0, ...probes.filter((p) => !p.ok).map((p) => p.sentAt));
  const recoveredAt = Math.min(...probes.filter((p) => p.ok && p.sentAt > lastFailed).map((p) => p.sentAt));
  const recovery = lastFailed === 0 ? 0 : Math.max(0, recoveredAt - faultEnd) / 1000;
  return {
    fault: fault.name,
    requests: stats.requests,
    ok: stats.ok,
    client: stats.client,
    server: stats.server,
    noAnswer: stats.noAnswer,
    refusals: [...stats.refusals],
    statuses: Object.entries(stats.statuses)
      .map(([status, n]) => `${status === '0' ? 'no answer' : status} ×${n}`)
      .join(', '),
    creates: stats.creates,
    acked: stats.acked.size,
    lost,
    doubled: stats.doubled + twice,
    savedUnacked,
    faultSeconds: (faultEnd - faultStart) / 1000,
    recovery,
  };
}

if (cluster) {
  let rows;
  try {
    rows = await clusterDrills(system, { rolling: args.rolling, lostNode: args['lost-node'], seconds: Number(args.seconds) });
  } finally {
    await cleanup();
  }
  const table = [
    `Cluster drills (\`npm run chaos -- ${[args.rolling && '--rolling', args['lost-node'] && '--lost-node'].filter(Boolean).join(' ')} --seconds ${args.seconds}\`, ${new Date().toISOString().slice(0, 16)}Z):`,
    'two gateways behind the edge, two replicas of every service, three NATS nodes (streams with 3 replicas); load through the edge.',
    '',
    clusterTable(rows),
    '',
    'Failed: requests answered 5xx or not at all (each write retried with its key). Lost: a write answered 2xx not in the database.',
    "Doubled: a job or credit written twice. Events lost: a job whose event never reached the accounts service's copy.",
    'Live-stream gap: changes (acknowledged jobs) a live stream neither heard nor covered by a reload on reconnecting.',
  ].join('\n');
  mkdirSync(join(reportFile, '..'), { recursive: true });
  writeFileSync(reportFile, table + '\n');
  process.stdout.write(`\n${table}\n\n`);
  say(`written to ${reportFile}`);
  const bad = rows.some((r) => r.lost > 0 || r.doubled > 0 || r.eventsLost > 0 || r.liveMissed > 0);
  process.exit(bad ? 1 : 0);
}

const { children } = system;
const ALL_FAULTS = [
  ...SERVICES.map(({ name }) => ({
    name: `${name} service SIGKILL (supervisor restarts it)`,
    inject: async () => process.kill(children.pid(name), 'SIGKILL'),
  })),
  {
    name: 'NATS restart',
    inject: async () => {
      await children.hold('nats');
      children.resume('nats');
    },
  },
  {
    name: 'Postgres stopped for 10 s',
    inject: async () => {
      await children.hold('postgres');
      await sleep(10_000);
      children.resume('postgres');
    },
  },
  { name: 'gateway SIGKILL (supervisor restarts it)', inject: async () => process.kill(children.pid('gateway'), 'SIGKILL') },
];

const FAULTS = ALL_FAULTS.filter((f) => !args.only || f.name.toLowerCase().includes(args.only.toLowerCase()));
const results = [];
try {
  for (const fault of FAULTS) {
    say(`${fault.name}: ${WORKERS} concurrent creates for ${PHASE_MS / 1000} s, the fault at ${FAULT_AT_MS / 1000} s…`);
    const result = await phase(ALL_FAULTS.indexOf(fault), fault);
    results.push(result);
    say(`  ${result.statuses}; lost ${result.lost}, doubled ${result.doubled}, recovery ${result.recovery.toFixed(1)} s`);
  }
} finally {
  await cleanup();
}

const table = [
  `Fault runs (\`npm run chaos\`, ${new Date().toISOString().slice(0, 16)}Z): ${WORKERS} concurrent branch creates for ${PHASE_MS / 1000} s per fault, the fault at ${FAULT_AT_MS / 1000} s;`,
  `each create has ${args['without-keys'] ? 'NO Idempotency-Key (--without-keys)' : 'its own Idempotency-Key'} and is retried${args['without-keys'] ? '' : ' with it'} after 5xx or no answer (at most ${RETRY.attempts} attempts).`,
  '',
  '| Fault | Requests | 2xx | 4xx | 5xx | No answer | Creates acknowledged | Acknowledged but lost | Doubled | Saved, client gave up | Fault lasted (s) | Time to recovery (s) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.fault} | ${r.requests} | ${r.ok} | ${r.client} | ${r.server} | ${r.noAnswer} | ${r.acked} of ${r.creates} | ${r.lost} | ${r.doubled} | ${r.savedUnacked} | ${r.faultSeconds.toFixed(1)} | ${r.recovery.toFixed(1)} |`,
  ),
  '',
  'Lost: a create answered 2xx that is not in the database (goal 0). Doubled: a create written twice, or whose retry',
  'with its key got 409 because its first attempt had written it (goal 0). Time to recovery: from the end of the fault',
  `(the kill; NATS or Postgres started again) until a new create succeeds, measured with a create sent every ${PROBE_EVERY_MS} ms`,
  'apart from the load (the first success after the last failure). Requests count every attempt of the load. Statuses:',
  '',
  ...results.map((r) => `- ${r.fault}: ${r.statuses}${r.refusals.length ? ` (4xx: ${r.refusals.join('; ')})` : ''}`),
].join('\n');
mkdirSync(join(reportFile, '..'), { recursive: true });
writeFileSync(reportFile, table + '\n');
process.stdout.write(`\n${table}\n\n`);
say(`written to ${reportFile}`);
const failed = results.some((r) => r.lost > 0 || r.doubled > 0);
process.exit(failed ? 1 : 0);
