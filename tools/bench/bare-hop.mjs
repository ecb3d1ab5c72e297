// The floor of the hop (ADR 66): what the shape itself costs a call with none of our code in it. A bare
// Fastify route (the gateway's HTTP server) sends one NATS request to a bare responder in a queue group
// (a service), which runs the same statement as the service on a pg pool of the same size and answers
// the statement's JSON column as bytes; the front sends those bytes on. No token, no signature, no
// validation, no contract, no Nest: what is left is HTTP, NATS, the pg driver and the kernel's copies.
// Run on its own NATS server (the same binary as the system's, without its accounts) and the system's
// database. The shipment bench measures it beside the gateway and straight SQL: bare hop ÷ SQL is the
// best ratio any gateway and service of this shape reach on this machine for that call.
//
// As a child process: `node bare-hop.mjs front <natsUrl> <port>`, or `node bare-hop.mjs responder <natsUrl>` with
// BARE_HOP_DATABASE_URL and BARE_HOP_STATEMENTS (JSON: each call's SQL by name) in its environment.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect, headers } from '@nats-io/transport-node';
import { findExecutable } from '../dev/nats.mjs';
import { freePort, waitFor, canConnect } from '../dev/net.mjs';

const SELF = fileURLToPath(import.meta.url);
const HOST = '127.0.0.1';
/** A service's pool: ten connections for requests (libs/server/database serviceDataSourceOptions). */
const POOL_SIZE = 10;

/**
 * Starts the bare hop: its NATS server, its front and its responder, each its own process (the
 * bench's CPU by part counts them as `bare front` and `bare responder`). `statements`: each call's
 * SQL by name, answering one row with a text column `json`; a request names the call and its
 * parameters. Answers the front's URL, the path of a call and `stop`.
 * @param {{ databaseUrl: string, statements: Record<string, string> }} options
 */
export async function startBareHop({ databaseUrl, statements }) {
  const natsPort = await freePort(HOST);
  const frontPort = await freePort(HOST);
  const natsUrl = `nats://${HOST}:${natsPort}`;
  const children = [spawn(findExecutable('nats-server'), ['-a', HOST, '-p', String(natsPort)], { stdio: 'ignore' })];
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
  };
  try {
    await waitFor(() => canConnect(HOST, natsPort, { greeting: 'INFO ' }), { timeoutMs: 10_000, what: 'the bare hop NATS server' });
    // The database's URL and the statements in its environment: an argument `postgres://…` would make the bench count it as Postgres.
    const responder = spawn(process.execPath, [SELF, 'responder', natsUrl], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BARE_HOP_DATABASE_URL: databaseUrl, BARE_HOP_STATEMENTS: JSON.stringify(statements) },
    });
    children.push(responder);
    // Subscribed (and the subscription flushed to the server) before the front takes a call.
    await new Promise((resolve, reject) => {
      responder.stdout.once('data', resolve);
      responder.once('exit', (code) => reject(new Error(`the bare hop responder exited (${code})`)));
    });
    children.push(spawn(process.execPath, [SELF, 'front', natsUrl, String(frontPort)], { stdio: ['ignore', 'ignore', 'inherit'] }));
    await waitFor(() => canConnect(HOST, frontPort), { timeoutMs: 10_000, what: 'the bare hop front' });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://${HOST}:${frontPort}`,
    /** The path of call `name` with the statement's parameters. */
    path: (name, params) => `/bare/${name}?params=${encodeURIComponent(JSON.stringify(params))}`,
    stop,
  };
}

/** The front: one route, one NATS request, the reply's bytes sent on. */
async function front(natsUrl, port) {
  const { default: Fastify } = await import('fastify');
  const nc = await connect({ servers: natsUrl, noAsyncTraces: true });
  const app = Fastify();
  app.get('/bare/:name', async (request, reply) => {
    const { name } = /** @type {{ name: string }} */ (request.params);
    const { params } = /** @type {{ params: string }} */ (request.query);
    const answer = await nc.request(`bare.${name}`, params, { timeout: 10_000 });
    if (answer.headers?.get('error')) return reply.code(500).send(answer.string());
    return reply.type('application/json; charset=utf-8').send(Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength));
  });
  await app.listen({ host: HOST, port: Number(port) });
}

/** The responder: the named statement on a pool, its `json` column answered as bytes. */
async function responder(natsUrl) {
  const { default: pg } = await import('pg');
  const statements = JSON.parse(process.env.BARE_HOP_STATEMENTS);
  const pool = new pg.Pool({ connectionString: process.env.BARE_HOP_DATABASE_URL, max: POOL_SIZE });
  const nc = await connect({ servers: natsUrl, noAsyncTraces: true });
  nc.subscribe('bare.*', {
    queue: 'bare',
    callback: (error, message) => {
      if (error) return;
      const name = message.subject.slice('bare.'.length);
      const params = /** @type {unknown[]} */ (JSON.parse(message.string()));
      pool.query(/** @type {string} */ (statements[name]), params).then(
        ({ rows }) => message.respond(Buffer.from(rows[0].json)),
        (failure) => {
          const h = headers();
          h.set('error', '1');
          message.respond(String(failure.message), { headers: h });
        },
      );
    },
  });
  await nc.flush();
  process.stdout.write('ready\n');
}

const [role, ...args] = process.argv.slice(2);
if (process.argv[1] === SELF && role === 'front') await front(...args);
else if (process.argv[1] === SELF && role === 'responder') await responder(...args);
