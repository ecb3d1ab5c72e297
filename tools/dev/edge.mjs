// The dev edge of `npm start`: one origin serving every web app's build and proxying the
// API, following deploy/edge/routes.json exactly as the generated production nginx does:
// the same paths, cache headers, security headers of the pages and compression.
// Run as its own process (`node tools/dev/edge.mjs`, configured by EDGE_* variables and the
// gateway's BODY_LIMIT_BYTES); it prints `listening on <url>` once it accepts connections.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pipeline, Transform } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import proxy from '@fastify/http-proxy';
import { negotiate } from '@fastify/accept-negotiator';
import { loadEnv } from './env.mjs';
import { cacheControlFor, COMPRESS_MIN_BYTES, COMPRESSIBLE_TYPES, forwardedFor, loadRoutes, pageSecurityHeaders, REVALIDATE } from './routes.mjs';

/**
 * @param {{ root: string, routes: Array<{path: string, upstream?: string, static?: string, spa?: boolean}>,
 *           upstreams: Record<string, string>, bodyLimit?: number, pageHeaders?: Record<string, string>,
 *           onError?: (message: string) => void }} options
 *   `upstreams` maps each upstream name to a base URL (e.g. gateway → http://127.0.0.1:3000);
 *   `bodyLimit` is the gateway's BODY_LIMIT_BYTES, refused here with the gateway's own 413.
 */
export async function createEdge({ root, routes, upstreams, bodyLimit, pageHeaders = pageSecurityHeaders(), onError = console.error }) {
  const app = Fastify({ logger: false, trustProxy: false });
  const statics = [];
  /** The file each static reply sends (set by @fastify/static), so its compressed form can be cached. */
  const files = new WeakMap();

  app.addHook('onSend', async (request, reply, payload) => {
    // An upstream (the gateway) sets its own headers; everything else is a web app's.
    if (!(/** @type {{ upstream?: string }} */ (request.routeOptions.config).upstream)) reply.headers(pageHeaders);
    return compress(request, reply, payload, files.get(reply));
  });

  for (const route of routes) {
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
            'x-forwarded-for': forwardedFor(request.headers['x-forwarded-for'], request.ip),
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
    if (route?.spa && (request.method === 'GET' || request.method === 'HEAD') && !extname(path)) {
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.env.EDGE_ROOT ?? fileURLToPath(new URL('../..', import.meta.url));
  const { routes, pageHeaders } = loadRoutes(root);
  // The gateway's limit, from the variable the gateway reads (npm start passes it on).
  const bodyLimit = Number(process.env.BODY_LIMIT_BYTES ?? loadEnv(root).BODY_LIMIT_BYTES);
  const app = await createEdge({ root, routes, pageHeaders, bodyLimit, upstreams: JSON.parse(process.env.EDGE_UPSTREAMS ?? '{}') });
  const url = await app.listen({ host: process.env.EDGE_HOST ?? '127.0.0.1', port: Number(process.env.EDGE_PORT ?? 8080) });
  console.log(`listening on ${url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close().then(() => process.exit(0)));
}
