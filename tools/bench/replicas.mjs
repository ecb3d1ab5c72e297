// `npm run bench:replicas` (docs/adr/0049-cluster-mode.md): one system in cluster mode (two
// gateways and two replicas of every service, one NATS), BENCH_JOBS jobs seeded (default 100,000),
// then, in one run, the Daily Booking Sheet (50 rows by date, Active, a random one of the first
// 10 pages) and job creation (BENCH_CREATIONS) through the edge, which spreads them over the
// gateways that are up, with 1 or 2 gateways and 1 or 2 shipment replicas: the second of each is
// held down (stopped) for the configurations with one. Prints req/s, p50, p99 and the CPU time
// each part spent per request; checks that the job numbers of every creation have no gap and no
// duplicate. Not part of npm test.
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { serviceNamed } from '../dev/services.mjs';
import { startSystem } from '../dev/start.mjs';
import { waitFor } from '../dev/net.mjs';
import {
  CONNECTIONS,
  cpuBreakdown,
  DURATION_S,
  loadAverage,
  markdownTable,
  measureDatabasesOf,
  quiet,
  seedStepsLine,
  viaGateway,
  PRODUCTION_SETTINGS,
} from './measure.mjs';
import { newJobBodies, seedJobs } from './shipment-seed.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const CREATIONS = Number(process.env.BENCH_CREATIONS ?? 2_000);
const PAGE_SIZE = 50;
const PAGES = 10;
/** Each configuration: the children held down for it (the second gateway, the second shipment replica). */
const CONFIGURATIONS = [
  { gateways: 2, shipment: 2, held: [] },
  { gateways: 1, shipment: 2, held: ['gateway-2'] },
  { gateways: 1, shipment: 1, held: ['gateway-2', 'shipment-2'] },
  { gateways: 2, shipment: 1, held: ['shipment-2'] },
];

const rand = (n) => Math.floor(Math.random() * n);
const say = (line = '') => process.stdout.write(`${line}\n`);
const f = (n) => n.toFixed(n < 10 ? 1 : 0);

const system = await startSystem({ env: PRODUCTION_SETTINGS, isolated: { label: 'bench' }, build: process.argv.includes('--build'), out: quiet, replicas: 2 });
measureDatabasesOf(system.env);
let pool;
try {
  const databaseUrl = system.env[serviceNamed('shipment').databaseUrlVariable];
  say(`seeding ${JOBS.toLocaleString('en')} jobs…`);
  const seedSteps = await seedJobs(databaseUrl, JOBS, say);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });

  const login = await fetch(`${system.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: system.headLogin.username, password: system.headLogin.password }),
  });
  if (!login.ok) throw new Error(`Head login failed: ${login.status}`);
  const { token, user_id: headId } = await login.json();

  const newJob = await newJobBodies(pool);
  const sheetPath = () => `/api/shipments/allbooklist/${headId}?page=${1 + rand(PAGES)}&pageSize=${PAGE_SIZE}&sort=date&order=desc&status=active`;
  const counterNow = async () => Number((await pool.query(`SELECT value FROM shipment.counter WHERE name = 'shipment'`)).rows[0].value);
  const firstNumber = (await counterNow()) + 1;

  /** Holds down `held`, starts again what another configuration held, and waits until each gateway up answers. */
  const configure = async (held) => {
    for (const name of ['gateway-2', 'shipment-2']) {
      if (held.includes(name)) await system.children.hold(name);
      else system.children.resume(name);
    }
    for (const url of system.gatewayUrls.filter((_, i) => !held.includes(`gateway-${i + 1}`))) {
      await waitFor(async () => (await fetch(`${url}/api/health`)).status === 200, { timeoutMs: 60_000, what: `${url} to answer` });
    }
    // The edge asks each gateway whether it is ready every second; a shipment replica joins its queue group as it starts.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  };

  const rows = [];
  const loadBefore = await loadAverage();
  let created = 0;
  for (const configuration of CONFIGURATIONS) {
    const label = `${configuration.gateways} gateway${configuration.gateways > 1 ? 's' : ''}, ${configuration.shipment} shipment`;
    say(`measuring with ${label}…`);
    await configure(configuration.held);
    await viaGateway(system.url, token, sheetPath, { amount: 200 }); // warm-up
    const sheet = await viaGateway(system.url, token, sheetPath);
    const creation = await viaGateway(system.url, token, () => ({ path: '/api/shipments/adminadd', method: 'POST', body: newJob() }), { amount: CREATIONS });
    created += creation.total - creation.failed;
    rows.push({ label, sheet, creation });
  }

  const [n] = (
    await pool.query(
      `SELECT count(*)::int AS jobs, count(DISTINCT job_number)::int AS numbers, min(job_number) AS first, max(job_number) AS last,
              (SELECT value FROM shipment.counter WHERE name = 'shipment') AS counter
         FROM shipment.job WHERE job_number >= $1`,
      [firstNumber],
    )
  ).rows;
  const exact = n.jobs === created && n.numbers === created && n.first === firstNumber && n.last === firstNumber + created - 1 && n.counter === n.last;
  const loadAfter = await loadAverage();

  const table = rows.flatMap(({ label, sheet, creation }) =>
    [
      ['booking sheet', sheet],
      [`job creation (${CREATIONS})`, creation],
    ].map(([call, r]) => ({
      configuration: label,
      call,
      'req/s': f(r.rps),
      'p50 ms': f(r.p50),
      'p99 ms': f(r.p99),
      failed: r.failed,
      'CPU ms/req': r.cpu.total.toFixed(2),
      'by part': cpuBreakdown(r.cpu),
    })),
  );
  say();
  say(
    `Replicas bench: ${JOBS.toLocaleString('en')} jobs seeded; through the edge, ${CONNECTIONS} connections, ${DURATION_S} s for the booking sheet; load average ${loadBefore} before, ${loadAfter} after, on ${availableParallelism()} cores`,
  );
  say(seedStepsLine(seedSteps));
  say();
  say(markdownTable(table));
  say();
  say(
    `Job numbers of the ${created} creations: ${n.jobs} jobs, ${n.numbers} distinct, ${n.first}–${n.last}, counter ${n.counter}: ${exact ? 'no gap, no duplicate' : 'MISMATCH'}`,
  );
  if (!exact || rows.some((r) => r.sheet.failed || r.creation.failed)) process.exitCode = 1;
} finally {
  await pool?.end();
  await system.stop();
}
