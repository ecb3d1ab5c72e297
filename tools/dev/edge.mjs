// The dev edge of `npm start`: one server per site (origin) of deploy/edge/routes.json — the
// main site (microsite, console, remotes) and the client portal — serving every web app's
// build and proxying the API exactly as the generated production nginx does: the same paths,
// redirects, cache headers, security headers of the pages and compression.
// Run as its own process (`node tools/dev/edge.mjs`, configured by EDGE_* variables, the sites'
// URL variables and the gateway's BODY_LIMIT_BYTES; EDGE_UPSTREAMS maps each upstream to its
// address or a list of them, spread over those that are ready: docs/adr/0049-cluster-mode.md); it prints `listening on <url>` (the main
// site) and `<site> listening on <url>` for each other site once they accept connections.
// In a test or a tool: `startEdges()` (every site) or `createEdge()` (one site).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import proxy from '@fastify/http-proxy';
import { negotiate } from '@fastify/accept-negotiator';
import { loadEnv } from './env.mjs';
import {
  cacheControlFor,
  COMPRESS_MIN_BYTES,
  COMPRESSIBLE_TYPES,
  FILE_REQUEST,
  hostUrl,
  loadRoutes,
  matchRoute,
  pageSecurityHeaders,
  portVariable,
  REDIRECT_STATUS,
  REVALIDATE,
  siteUrls,
} from './routes.mjs';

/**
 * One site's edge (not listening yet).
 * @param {{ root: string, site: { routes: import('./routes.mjs').Route[], pageHeaders?: Record<string, string> },
 *           upstreams: Record<string, string | string[] | UpstreamPool>, bodyLimit?: number, siteUrls?: Record<string, string>,
 *           onError?: (message: string) => void }} options
 *   `site`: a site of loadRoutes() (its routes in match order and its pages' headers);
 *   `upstreams` maps each upstream name to a base URL (e.g. gateway → http://127.0.0.1:3000), a
 *   list of them (several gateways: see proxyAttempts), or a pool shared between sites;
 *   `siteUrls`: each site's URL, the target of a redirect route (read when a request comes: it may be filled after listening);
 *   `bodyLimit` is the gateway's BODY_LIMIT_BYTES, refused here with the gateway's own 413.
 */
export async function createEdge({ root, site, upstreams, bodyLimit, siteUrls: urls = {}, onError = console.error }) {
  const { routes } = site;
  const pageHeaders = site.pageHeaders ?? pageSecurityHeaders();
  const app = Fastify({ logger: false, trustProxy: false });
  const statics = [];
  /** The file each static reply sends (set by @fastify/static), so its compressed form can be cached. */
  const files = new WeakMap();

  app.addHook('onSend', async (request, reply, payload) => {
    // An upstream (the gateway) sets its own headers; everything else is a web app's.
    if (!(/** @type {{ upstream?: string }} */ (request.routeOptions.config).upstream)) reply.headers(pageHeaders);
    return compress(request, reply, payload, files.get(reply));
  });

  // Exact paths (a web app's page, e.g. the microsite at /) and redirects to another site are
  // answered before routing: the prefix routes (the console's SPA at /) would take them otherwise.
  const early = routes.filter((r) => r.exact || r.redirect);
  const staticDirs = new Map(routes.filter((r) => r.static).map((r) => [r.app, resolve(root, r.static)]));
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [path] = request.url.split('?');
    const route = matchRoute({ routes: early }, path);
    if (!route || matchRoute(site, path) !== route) return;
    if (route.redirect) {
      const target = urls[route.redirect];
      if (!target) throw new Error(`No URL for site "${route.redirect}"`);
      return reply.header('cache-control', REVALIDATE).redirect(target + request.url, REDIRECT_STATUS);
    }
    return reply.sendFile(route.file, staticDirs.get(route.app));
  });

  for (const route of routes.filter((r) => !r.exact && !r.redirect)) {
    if (route.upstream) {
      const given = upstreams[route.upstream];
      if (!given || (Array.isArray(given) && given.length === 0)) throw new Error(`No address for upstream "${route.upstream}"`);
      const pool = given instanceof UpstreamPool ? given : new UpstreamPool(given);
      if (!(given instanceof UpstreamPool)) app.addHook('onClose', async () => pool.stop());
      if (!Number.isInteger(bodyLimit) || bodyLimit <= 0) throw new Error(`Give the gateway's body limit (BODY_LIMIT_BYTES) to proxy ${route.path}`);
      const prefix = route.path.replace(/\/$/, '');
      await app.register(proxy, {
        upstream: '', // chosen per attempt from the pool (proxyAttempts)
        prefix,
        rewritePrefix: prefix,
        config: { upstream: route.upstream },
        preHandler: async (request, reply) => {
          if (Number(request.headers['content-length'] ?? 0) > bodyLimit) return reply.code(413).send(tooLarge(bodyLimit));
          // Read whole, as nginx buffers a request body: sent again on another gateway when that is safe.
          if (request.body) {
            const body = await readBody(/** @type {NodeJS.ReadableStream} */ (request.body), bodyLimit);
            if (!body) return reply.code(413).send(tooLarge(bodyLimit));
            request.body = body;
          }
        },
        handler: (request, reply, dest) => proxyAttempts({ request, reply, dest, pool, upstream: route.upstream, bodyLimit, onError }),
        replyOptions: { getUpstream: () => '' },
      });
    } else {
      const dir = resolve(root, route.static);
      if (!existsSync(dir)) throw new Error(`${route.static} does not exist: build it first (npm run build)`);
      await app.register(fastifyStatic, {
        root: dir,
        prefix: route.path,
        decorateReply: statics.length === 0,
        cacheControl: false,
        setHeaders: (reply, filePath, stat) => {
          reply.header('cache-control', cacheControlFor(filePath));
          files.set(reply, { path: filePath, stat });
        },
      });
      statics.push({ ...route, dir });
    }
  }
  // Single-page apps: a deep link without a file extension gets the app's index.html.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const route = statics.find((r) => path.startsWith(r.path));
    if (route?.spa && (request.method === 'GET' || request.method === 'HEAD') && !FILE_REQUEST.test(path)) {
      return reply.header('cache-control', REVALIDATE).sendFile('index.html', route.dir);
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
  return app;
}

/** The gateway's own answer to an oversized body (apps/gateway/src/http/exception.filter.ts). */
const tooLarge = (limit) => ({ code: 'PAYLOAD_TOO_LARGE', message: `The request body is too large: the limit is ${limit} bytes.` });

/** The whole body, or undefined once it grows over `limit` bytes (whatever length it declared). */
async function readBody(stream, limit) {
  const chunks = [];
  let seen = 0;
  for await (const chunk of stream) {
    seen += chunk.length;
    if (seen > limit) {
      stream.resume?.(); // drain the rest: the client reads our 413
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function causes(error) {
  const chain = [];
  for (let e = error; e && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
}

// ---- Several gateways (docs/adr/0049-cluster-mode.md).

/** Each gateway's readiness (GET it; 503 while draining or without NATS). */
export const READY_PATH = '/api/health/ready';
/** How often the pool asks each gateway whether it is ready. */
export const READY_POLL_MS = 1000;
/** Methods that change nothing: sent again on another gateway after any failure. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The addresses of one upstream, spread round-robin over those that are ready. With more than
 * one, each is asked `READY_PATH` every `READY_POLL_MS` (200 is ready; 404 too, from a gateway
 * without that endpoint; anything else, or no answer, is not). When none is ready, all are tried.
 */
export class UpstreamPool {
  #next = 0;
  #timer;

  /** @param {string | string[]} urls @param {{ pollMs?: number }} [options] */
  constructor(urls, { pollMs = READY_POLL_MS } = {}) {
    this.urls = (Array.isArray(urls) ? urls : [urls]).map((url) => url.replace(/\/$/, ''));
    /** @type {Map<string, boolean>} */
    this.ready = new Map(this.urls.map((url) => [url, true]));
    if (this.urls.length > 1) {
      this.#timer = setInterval(() => void this.checkAll(), pollMs);
      this.#timer.unref();
    }
  }

  /** The next address to try, none of `tried`: a ready one if any, else any; undefined when all were tried. */
  pick(tried = new Set()) {
    const left = this.urls.filter((url) => !tried.has(url));
    const ready = left.filter((url) => this.ready.get(url));
    const from = ready.length ? ready : left;
    if (!from.length) return undefined;
    return from[this.#next++ % from.length];
  }

  /** Asks one address whether it is ready, and remembers the answer. */
  async check(url) {
    let ready;
    try {
      const res = await fetch(url + READY_PATH, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      ready = res.status === 200 || res.status === 404;
    } catch {
      ready = false;
    }
    this.ready.set(url, ready);
    return ready;
  }

  checkAll() {
    return Promise.all(this.urls.map((url) => this.check(url)));
  }

  /** Taken out until a readiness check says otherwise (it refused a connection). */
  markDown(url) {
    this.ready.set(url, false);
  }

  stop() {
    clearInterval(this.#timer);
  }
}

/** The connection was refused: the request never reached the upstream. */
const refused = (error) => causes(error).some((e) => /** @type {any} */ (e).code === 'ECONNREFUSED');
/** No answer in time: the upstream may still be working on it. */
const timedOut = (error) => causes(error).some((e) => /GatewayTimeout|UND_ERR_HEADERS_TIMEOUT|TimeoutError/.test(`${e.name} ${/** @type {any} */ (e).code}`));

/**
 * Sends a request to the pool's upstreams until one answers it, and sends it to another only where
 * that is safe: always after a refused connection (nothing was sent); after a connection that
 * failed once the request was sent, or a 503 from an upstream that says it is not ready
 * (draining), only for GET and HEAD and for requests with an `Idempotency-Key` (the gateway
 * answers a repeated key with the first answer). Each upstream is tried at most once. A 503 of a
 * ready gateway (a service is down) and a timeout go back to the client as they are.
 * @param {{ request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply, dest: string,
 *   pool: UpstreamPool, upstream: string, bodyLimit: number, onError: (message: string) => void }} options
 */
function proxyAttempts({ request, reply, dest, pool, upstream, onError }) {
  const retryable = SAFE_METHODS.has(request.method) || request.headers['idempotency-key'] !== undefined;
  const body = /** @type {Buffer | undefined} */ (request.body);
  const tried = new Set();
  const attempt = () => {
    const base = /** @type {string} */ (pool.pick(tried));
    tried.add(base);
    const another = () => pool.pick(tried) !== undefined;
    const again = () => {
      for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
      reply.code(200);
      attempt();
    };
    reply.from(dest, {
      getUpstream: () => base,
      // The buffered body (the original stream is read); none for GET and HEAD.
      ...(body ? (body.length ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : { body: null }) : {}),
      rewriteRequestHeaders: (req, headers) => ({
        ...headers,
        // The outermost edge: the client is the connection, whatever it sent (docs/adr/0006).
        'x-forwarded-for': req.ip,
        'x-forwarded-proto': req.protocol,
        'x-forwarded-host': req.headers.host,
      }),
      // Never on the same upstream: a 503 with Retry-After is the client's to act on, and
      // retries multiply load during an outage.
      retryDelay: () => null,
      onError: (_reply, { error }) => {
        if (refused(error)) pool.markDown(base);
        if (another() && (refused(error) || (retryable && !timedOut(error)))) return again();
        onError(`${upstream} unreachable: ${/** @type {Error} */ (error.cause ?? error).message}`);
        reply.code(502).send({ message: `The ${upstream} is not reachable right now. Try again in a moment.` });
      },
      onResponse: (_request, _reply, res) => {
        if (res.statusCode !== 503 || !retryable || !another()) return reply.send(res.stream);
        // Read the (small) 503 first: passed on as it is unless the gateway says it is not ready.
        void readBody(res.stream, 64 * 1024)
          .then(async (answer) => ((await pool.check(base)) ? reply.send(answer) : again()))
          .catch(() => again());
      },
    });
  };
  attempt();
  return reply;
}

// ---- Compression, as nginx's gzip does: by Accept-Encoding, for text types of 1 KiB or more.

const ENCODINGS = ['br', 'gzip'];
const COMPRESSIBLE = new Set(COMPRESSIBLE_TYPES);
const NO_BODY = new Set([204, 206, 304]);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A web app's files are compressed once, on first request, and kept: path → {version, br, gzip}.
 * Brotli quality 7, not 11: measured on the console's JavaScript, 11 took 1.6 s (a first visit
 * after a start waited for it) for 7% fewer bytes than 7, which took 75 ms.
 */
const BROTLI_FILE_QUALITY = 7;
const compressedFiles = new Map();

function compressedFile({ path, stat }, encoding) {
  const version = `${stat.size}:${stat.mtimeMs}`;
  let entry = compressedFiles.get(path);
  if (entry?.version !== version) compressedFiles.set(path, (entry = { version }));
  entry[encoding] ??= readFile(path)
    .then((data) =>
      encoding === 'br'
        ? brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_FILE_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
        : gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    )
    .catch((error) => {
      delete entry[encoding];
      throw error;
    });
  return entry[encoding];
}

/** Anything else (the API's JSON) is compressed as it streams, at nginx's level. */
function compressStream(encoding) {
  return encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip({ level: 5 });
}

async function compress(request, reply, payload, file) {
  const type = String(reply.getHeader('content-type') ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (payload == null || NO_BODY.has(reply.statusCode) || !COMPRESSIBLE.has(type) || reply.hasHeader('content-encoding')) return payload;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const inMemory = typeof payload === 'string' || Buffer.isBuffer(payload);
  const length = Number(reply.getHeader('content-length') ?? (inMemory ? Buffer.byteLength(payload) : NaN));
  if (length < COMPRESS_MIN_BYTES) return payload;
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? '').toLowerCase(), ENCODINGS);
  if (!encoding) return payload;

  reply.header('content-encoding', encoding);
  reply.removeHeader('accept-ranges');
  if (file) {
    payload.destroy?.();
    const body = await compressedFile(file, encoding);
    reply.header('content-length', body.length);
    return body;
  }
  reply.removeHeader('content-length');
  const compressor = compressStream(encoding);
  if (inMemory) compressor.end(payload);
  else pipeline(payload, compressor, () => {});
  return compressor;
}

/**
 * Every site of deploy/edge/routes.json, each on its own port (`ports[site]`, 0 or unset: any
 * free one). A redirect to a site goes to its configured URL (`env[site.urlVariable]`, e.g.
 * PORTAL_URL) or, unset, to where it listens here. The sites share one pool of each upstream.
 * `readyPollMs`: how often each gateway is asked whether it is ready (READY_POLL_MS).
 * @param {{ root: string, upstreams: Record<string, string | string[]>, bodyLimit: number, host?: string, readyPollMs?: number,
 *           ports?: Record<string, number>, env?: Record<string, string | undefined>, onError?: (message: string) => void }} options
 * @returns {Promise<{ urls: Record<string, string>, listening: Record<string, string>, close: () => Promise<void> }>}
 *   `urls`: each site's URL (configured, else where it listens); `listening`: where each listens.
 */
export async function startEdges({ root, upstreams, bodyLimit, host = '127.0.0.1', ports = {}, env = {}, onError, readyPollMs }) {
  const { sites } = loadRoutes(root);
  const urls = /** @type {Record<string, string>} */ ({});
  const listening = /** @type {Record<string, string>} */ ({});
  const apps = [];
  const pools = Object.fromEntries(Object.entries(upstreams).map(([name, given]) => [name, new UpstreamPool(given, { pollMs: readyPollMs })]));
  const close = () =>
    Promise.all(apps.map((app) => app.close())).then(() => {
      for (const pool of Object.values(pools)) pool.stop();
    });
  try {
    for (const [name, site] of Object.entries(sites)) {
      const app = await createEdge({ root, site, upstreams: pools, bodyLimit, siteUrls: urls, onError });
      apps.push(app);
      await app.listen({ host, port: Number(ports[name] ?? 0) });
      listening[name] = hostUrl(host, /** @type {import('node:net').AddressInfo} */ (app.server.address()).port);
    }
    Object.assign(
      urls,
      siteUrls(sites, env, (name) => listening[name]),
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { urls, listening, close };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.env.EDGE_ROOT ?? fileURLToPath(new URL('../..', import.meta.url));
  const env = loadEnv(root);
  const { sites } = loadRoutes(root);
  // The gateway's limit, from the variable the gateway reads (npm start passes it on).
  const bodyLimit = Number(process.env.BODY_LIMIT_BYTES ?? env.BODY_LIMIT_BYTES);
  const ports = Object.fromEntries(Object.keys(sites).map((name) => [name, Number(process.env[portVariable(name)] ?? env[portVariable(name)] ?? 0)]));
  const edges = await startEdges({
    root,
    bodyLimit,
    host: process.env.EDGE_HOST ?? '127.0.0.1',
    ports,
    env: { ...env, ...process.env },
    upstreams: JSON.parse(process.env.EDGE_UPSTREAMS ?? '{}'),
  });
  for (const [name, url] of Object.entries(edges.listening)) console.log(name === 'main' ? `listening on ${url}` : `${name} listening on ${url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void edges.close().then(() => process.exit(0)));
}
