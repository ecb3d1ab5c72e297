// The dev edge of `npm start`: one server per site (origin) of deploy/edge/routes.json — the
// main site (microsite, console, remotes) and the client portal — serving every web app's
// build and proxying the API exactly as the generated production nginx does: the same paths,
// redirects, cache headers, security headers of the pages and compression.
// Run as its own process (`node tools/dev/edge.mjs`, configured by EDGE_* variables, the sites'
// URL variables and the gateway's BODY_LIMIT_BYTES); it prints `listening on <url>` (the main
// site) and `<site> listening on <url>` for each other site once they accept connections.
// In a test or a tool: `startEdges()` (every site) or `createEdge()` (one site).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline, Transform } from 'node:stream';
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
 *           upstreams: Record<string, string>, bodyLimit?: number, siteUrls?: Record<string, string>,
 *           onError?: (message: string) => void }} options
 *   `site`: a site of loadRoutes() (its routes in match order and its pages' headers);
 *   `upstreams` maps each upstream name to a base URL (e.g. gateway → http://127.0.0.1:3000);
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
      const base = upstreams[route.upstream];
      if (!base) throw new Error(`No address for upstream "${route.upstream}"`);
      if (!Number.isInteger(bodyLimit) || bodyLimit <= 0) throw new Error(`Give the gateway's body limit (BODY_LIMIT_BYTES) to proxy ${route.path}`);
      const prefix = route.path.replace(/\/$/, '');
      await app.register(proxy, {
        upstream: base,
        prefix,
        rewritePrefix: prefix,
        config: { upstream: route.upstream },
        preHandler: async (request, reply) => {
          if (Number(request.headers['content-length'] ?? 0) > bodyLimit) return reply.code(413).send(tooLarge(bodyLimit));
          // A body without a declared length is counted as it streams through.
          if (request.body && request.headers['content-length'] === undefined) request.body = limitStream(request.body, bodyLimit);
        },
        replyOptions: {
          rewriteRequestHeaders: (request, headers) => ({
            ...headers,
            // The outermost edge: the client is the connection, whatever it sent (docs/adr/0006).
            'x-forwarded-for': request.ip,
            'x-forwarded-proto': request.protocol,
            'x-forwarded-host': request.headers.host,
          }),
          // Never retry: the upstream's answer (a 503 with Retry-After included) is the client's
          // to act on, and retries multiply load during an outage.
          retryDelay: () => null,
          onError: (reply, { error }) => {
            if (causes(error).some((e) => e === BODY_TOO_LARGE)) return reply.code(413).send(tooLarge(bodyLimit));
            onError(`${route.upstream} unreachable: ${/** @type {Error} */ (error.cause ?? error).message}`);
            reply.code(502).send({ message: `The ${route.upstream} is not reachable right now. Try again in a moment.` });
          },
        },
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

const BODY_TOO_LARGE = new Error('The request body is over the limit');

/** The body stream, failing with BODY_TOO_LARGE once more than `limit` bytes came through. */
function limitStream(body, limit) {
  let seen = 0;
  const counter = new Transform({
    transform(chunk, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? BODY_TOO_LARGE : null, chunk);
    },
  });
  return pipeline(body, counter, () => {});
}

function causes(error) {
  const chain = [];
  for (let e = error; e && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
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
 * PORTAL_URL) or, unset, to where it listens here.
 * @param {{ root: string, upstreams: Record<string, string>, bodyLimit: number, host?: string,
 *           ports?: Record<string, number>, env?: Record<string, string | undefined>, onError?: (message: string) => void }} options
 * @returns {Promise<{ urls: Record<string, string>, listening: Record<string, string>, close: () => Promise<void> }>}
 *   `urls`: each site's URL (configured, else where it listens); `listening`: where each listens.
 */
export async function startEdges({ root, upstreams, bodyLimit, host = '127.0.0.1', ports = {}, env = {}, onError }) {
  const { sites } = loadRoutes(root);
  const urls = /** @type {Record<string, string>} */ ({});
  const listening = /** @type {Record<string, string>} */ ({});
  const apps = [];
  const close = () => Promise.all(apps.map((app) => app.close())).then(() => {});
  try {
    for (const [name, site] of Object.entries(sites)) {
      const app = await createEdge({ root, site, upstreams, bodyLimit, siteUrls: urls, onError });
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
