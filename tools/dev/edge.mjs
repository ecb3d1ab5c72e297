// The dev edge of `npm start`: one origin serving every web app's build and proxying the
// API, following deploy/edge/routes.json exactly as the generated production nginx does.
// Run as its own process (`node tools/dev/edge.mjs`, configured by EDGE_* variables); it
// prints `listening on <url>` once it accepts connections.
import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import proxy from '@fastify/http-proxy';
import { cacheControlFor, forwardedFor, loadRoutes, REVALIDATE } from './routes.mjs';

/**
 * @param {{ root: string, routes: Array<{path: string, upstream?: string, static?: string, spa?: boolean}>,
 *           upstreams: Record<string, string>, onError?: (message: string) => void }} options
 *   `upstreams` maps each upstream name to a base URL (e.g. gateway → http://127.0.0.1:3000).
 */
export async function createEdge({ root, routes, upstreams, onError = console.error }) {
  const app = Fastify({ logger: false, trustProxy: false });
  const statics = [];
  for (const route of routes) {
    if (route.upstream) {
      const base = upstreams[route.upstream];
      if (!base) throw new Error(`No address for upstream "${route.upstream}"`);
      const prefix = route.path.replace(/\/$/, '');
      await app.register(proxy, {
        upstream: base,
        prefix,
        rewritePrefix: prefix,
        replyOptions: {
          rewriteRequestHeaders: (request, headers) => ({
            ...headers,
            'x-forwarded-for': forwardedFor(request.headers['x-forwarded-for'], request.ip),
            'x-forwarded-proto': request.protocol,
            'x-forwarded-host': request.headers.host,
          }),
          onError: (reply, { error }) => {
            onError(`${route.upstream} unreachable: ${error.message}`);
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
        setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.env.EDGE_ROOT ?? fileURLToPath(new URL('../..', import.meta.url));
  const app = await createEdge({ root, routes: loadRoutes(root).routes, upstreams: JSON.parse(process.env.EDGE_UPSTREAMS ?? '{}') });
  const url = await app.listen({ host: process.env.EDGE_HOST ?? '127.0.0.1', port: Number(process.env.EDGE_PORT ?? 8080) });
  console.log(`listening on ${url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close().then(() => process.exit(0)));
}
