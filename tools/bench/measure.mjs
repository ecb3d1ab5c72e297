// What every benchmark of tools/bench shares: a call measured through the gateway with autocannon,
// the same work sent straight to Postgres with the same concurrency, and the side-by-side table.
import { Writable } from 'node:stream';
import autocannon from 'autocannon';

export const CONNECTIONS = 32;
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

/**
 * One call through the gateway: `CONNECTIONS` connections for `DURATION_S` (or until `amount`
 * requests are answered), signed in with `token` (null: a public call). `makeRequest` gives each
 * request's path, or `{ path, method, body, headers }`.
 * @param {string} base @param {string | null} token
 * @param {() => string | { path: string, method?: string, body?: unknown, headers?: Record<string, string> }} makeRequest
 * @param {{ amount?: number }} [options]
 */
export function viaGateway(base, token, makeRequest, { amount } = {}) {
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
        resolve({ rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total, failed, seconds });
      },
    );
  });
}

/**
 * The same concurrency straight to Postgres: CONNECTIONS loops on a pool of CONNECTIONS, for DURATION_S or `amount` calls of `work`.
 * @param {import('pg').Pool} pool @param {() => Promise<unknown>} work @param {{ amount?: number }} [options]
 */
export async function viaSql(pool, work, { amount } = {}) {
  const latencies = [];
  const started = performance.now();
  const deadline = Date.now() + DURATION_S * 1000;
  let failed = 0;
  let begun = 0;
  const more = () => (amount ? begun++ < amount : Date.now() < deadline);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (more()) {
        const t = process.hrtime.bigint();
        await work().catch((error) => {
          if (failed++ === 0) console.error(`  first SQL failure: ${error.message}`);
        });
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  const seconds = amount ? (performance.now() - started) / 1000 : DURATION_S;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), total: latencies.length, failed, seconds };
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

/** The console table of `{ name, gateway, direct }` rows: each side's figures, then gateway / SQL. */
export function comparisonTable(rows) {
  return rows.flatMap(({ name, gateway, direct }) => [
    {
      call: name,
      path: 'gateway',
      'req/s': f(gateway.rps),
      'p50 ms': f(gateway.p50),
      'p99 ms': f(gateway.p99),
      requests: gateway.total,
      failed: gateway.failed,
    },
    { call: '', path: 'SQL direct', 'req/s': f(direct.rps), 'p50 ms': f(direct.p50), 'p99 ms': f(direct.p99), requests: direct.total, failed: direct.failed },
    {
      call: '',
      path: 'gateway / SQL',
      'req/s': `${(gateway.rps / direct.rps).toFixed(2)}×`,
      'p50 ms': `${(gateway.p50 / direct.p50).toFixed(2)}×`,
      'p99 ms': `${(gateway.p99 / direct.p99).toFixed(2)}×`,
      requests: '',
      failed: '',
    },
  ]);
}

/** Drops everything but the start-up lines: the servers' logs would drown the table. */
export const quiet = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n')) if (line.startsWith('[start]') || line.includes('exited')) process.stdout.write(line + '\n');
    done();
  },
});
