// `npm run bench` (mail part; alone: `npm run bench:mail`): the notification service (built) on
// a fresh database with its own NATS, an SMTP sink (smtp-server) in this process. 10,000
// `notification.mail.send` requests (booking confirmations) as fast as the service takes them
// (64 in flight) to as many replicas as services.json deploys (BENCH_REPLICAS), then until the sink has them all: accepted/s, delivered/s, p99 from
// acceptance to sent (the rows' own times) and an exact count check (every row sent, the sink
// got each Message-ID exactly once, nothing more after a pause). Stops and cleans up.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { SERVICES, serviceNamed } from '../dev/services.mjs';
import { startTestNats } from '../dev/nats.mjs';

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const IN_FLIGHT = 64;
const GOAL_DELIVERED_PER_S = 500;
const service = serviceNamed('notification');
const REPLICAS = Number(process.env.BENCH_REPLICAS ?? service.replicas);

const nats = await startTestNats(SERVICES);
process.env.FREIGHT_TEST_NATS = JSON.stringify(nats.env); // read by @freight/server-testing
const testing = await import('@freight/server-testing');
const { NatsRpcClient } = await import('@freight/server');
const { serviceEntry } = await import('@freight/contracts');
const namespace = testing.uniqueNamespace();
const smtp = await testing.startSmtpSink();
const db = await testing.createTestDatabase({ service: service.schema });
const cleanups = [() => nats.stop(), () => smtp.stop(), () => db.drop()];
const say = (line) => process.stdout.write(`${line}\n`);
/** CPU time a process has used so far, in ms (Linux /proc: user + system ticks of 10 ms). */
async function cpuMs(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

try {
  // As many replicas as the deployment runs (services.json), sharing the queue group and the table,
  // with NODE_ENV=production as the container image sets it (React's development build is several times slower).
  const replicas = await Promise.all(
    Array.from({ length: REPLICAS }, () =>
      testing.spawnService({
        entry: testing.builtEntry(serviceEntry('notification'), service.entry),
        env: {
          ...testing.testServiceEnv('notification', namespace),
          [service.databaseUrlVariable]: db.serviceUrl,
          SMTP_URL: smtp.url,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
        },
        ready: testing.natsHealthReady('notification', testing.testNatsConfig(namespace)),
        name: 'notification',
      }),
    ),
  );
  for (const replica of replicas) cleanups.unshift(() => replica.stop());
  const serviceCpuMs = async () => (await Promise.all(replicas.map((replica) => cpuMs(replica.process.pid)))).reduce((a, b) => a + b, 0);
  const client = new NatsRpcClient(testing.testNatsConfig(namespace, 30_000), 'bench');
  cleanups.unshift(() => client.close());
  const data = (i) => {
    const number = String(i).padStart(7, '0');
    return testing.bookingMailData(`IMP-${number}`, { consigneeName: `Consignee ${i}`, blNumber: `MSCU${number}`, containerNumbers: [`MSCU${number}`] });
  };

  say(`mail bench: ${MAILS} e-mails, ${IN_FLIGHT} requests in flight, ${REPLICAS} replicas of the service, SMTP sink ${smtp.url}`);
  const serviceCpuBefore = await serviceCpuMs();
  const benchCpuBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  const ids = [];
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < MAILS) {
        const i = next++;
        const { id } = await client.request('notification.mail.send', {
          to: [`consignee${i}@example.com`],
          businessKey: data(i).jobNumber,
          template: { name: 'booking-confirmation', data: data(i) },
        });
        ids.push(id);
      }
    }),
  );
  const acceptedMs = performance.now() - started;
  await smtp.waitFor(MAILS, 300_000);
  const deliveredMs = performance.now() - started;
  const serviceCpu = (await serviceCpuMs()) - serviceCpuBefore;
  const benchCpu = process.cpuUsage(benchCpuBefore);

  const admin = new pg.Client({ connectionString: db.adminUrl });
  await admin.connect();
  cleanups.unshift(() => admin.end());
  // Every row sent (the last results may still be committing), then nothing more arrives.
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query(`SELECT count(*)::int AS open FROM notification.mail WHERE status <> 'sent'`);
    if (rows[0].open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const { rows } = await admin.query(`
    SELECT count(*)::int AS rows, count(*) FILTER (WHERE status = 'sent')::int AS sent,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM sent_at - created_at)) * 1000 AS p50,
           percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM sent_at - created_at)) * 1000 AS p99
      FROM notification.mail`);
  const stats = rows[0];
  const received = smtp.received.map((mail) => mail.messageId);
  const distinct = new Set(received);
  const expected = new Set(ids.map((id) => `<${id}@notification.freight>`));
  const exact =
    received.length === MAILS && distinct.size === MAILS && [...expected].every((id) => distinct.has(id)) && stats.sent === MAILS && stats.rows === MAILS;

  const perSecond = (count, ms) => Math.round(count / (ms / 1000));
  say(`  accepted:  ${MAILS} in ${(acceptedMs / 1000).toFixed(1)} s = ${perSecond(MAILS, acceptedMs)}/s`);
  say(
    `  delivered: ${MAILS} in ${(deliveredMs / 1000).toFixed(1)} s from the first request = ${perSecond(MAILS, deliveredMs)}/s (goal ≥ ${GOAL_DELIVERED_PER_S}/s)`,
  );
  say(`  accepted → sent: p50 ${Math.round(stats.p50)} ms, p99 ${Math.round(stats.p99)} ms`);
  const load = (await readFile('/proc/loadavg', 'utf8')).split(' ')[0];
  const benchCpuMs = (benchCpu.user + benchCpu.system) / 1000;
  say(
    `  CPU per e-mail: service ${(serviceCpu / MAILS).toFixed(2)} ms, this process (requests, SMTP sink) ${(benchCpuMs / MAILS).toFixed(2)} ms; load average ${load} on ${availableParallelism()} cores`,
  );
  say(
    `  count check: rows ${stats.rows}, sent ${stats.sent}, SMTP received ${received.length} (${distinct.size} distinct Message-IDs): ${exact ? 'exact' : 'MISMATCH'}`,
  );
  if (!exact) process.exitCode = 1;
} finally {
  for (const cleanup of cleanups) await cleanup().catch?.(() => undefined);
}
