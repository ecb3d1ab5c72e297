// The edge's path map (deploy/edge/routes.json) and everything derived from it: the dev
// edge reads it at start, the production nginx configuration is generated from it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROUTES_FILE = 'deploy/edge/routes.json';

/** File names carrying a content hash (`main.1a2b3c4d.js`) never change: cache them for a year. */
export const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, remotes.json, remoteEntry.js) is revalidated. */
export const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath) {
  return HASHED_ASSET.test(filePath) ? IMMUTABLE : REVALIDATE;
}

/** The X-Forwarded-For a proxy sends on (nginx's $proxy_add_x_forwarded_for): what came in, then the client. */
export function forwardedFor(existing, clientIp) {
  return existing ? `${existing}, ${clientIp}` : clientIp;
}

/** The upstream a static route is deployed as in production. */
export const appUpstream = (app) => `web-${app}`;

/**
 * The map, checked, with the security headers of its pages (`pageHeaders`), which allow
 * the origins of the remotes listed in the console's registry (`remoteRegistry`).
 */
export function loadRoutes(root) {
  const config = validateRoutes(JSON.parse(readFileSync(join(root, ROUTES_FILE), 'utf8')));
  const registry = config.remoteRegistry ? JSON.parse(readFileSync(join(root, config.remoteRegistry), 'utf8')) : {};
  return { ...config, pageHeaders: pageSecurityHeaders(remoteOrigins(registry)) };
}

/**
 * The origins the console loads remotes from: each registry entry (a remoteEntry.js
 * URL, e.g. "/remotes/master-data/remoteEntry.js") resolved against
 * the page; entries on the page's own origin need no listing ('self').
 * @param {Record<string, string>} registry
 */
export function remoteOrigins(registry) {
  const page = 'https://page.invalid';
  const origins = new Set();
  for (const [name, entry] of Object.entries(registry)) {
    const url = new URL(entry, page);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`remote "${name}": ${entry} is not an http(s) URL`);
    if (url.origin !== page) origins.add(url.origin);
  }
  return [...origins].sort();
}

/**
 * The security headers of every page and file the edge serves from a web app (the API
 * sets its own). The Content-Security-Policy is the XSS defence of a console that keeps
 * its token in browser storage: scripts only from this origin and the remotes' origins,
 * never inline. Styles do allow 'unsafe-inline': Mantine writes its theme variables into
 * <style> elements and sizes components through style attributes, and a static page has
 * no per-response nonce to give it; inline CSS cannot run script.
 * @param {string[]} [remotes] origins of remotes on other origins
 */
export function pageSecurityHeaders(remotes = []) {
  const from = (...sources) => ["'self'", ...sources, ...remotes].join(' ');
  const csp = [
    "default-src 'none'",
    `script-src ${from()}`,
    `style-src ${from("'unsafe-inline'")}`,
    `img-src ${from()}`,
    `font-src ${from()}`,
    // The API is on this origin (/api/); the remotes' manifests are fetched.
    `connect-src ${from()}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** Checks the map and returns its routes longest path first (the order a prefix match needs). */
export function validateRoutes(config) {
  const { upstreams, routes } = config ?? {};
  if (!upstreams || typeof upstreams !== 'object') throw new Error(`${ROUTES_FILE}: "upstreams" must be an object`);
  if (!Array.isArray(routes) || routes.length === 0) throw new Error(`${ROUTES_FILE}: "routes" must be a non-empty array`);
  const seen = new Set();
  for (const route of routes) {
    const where = `${ROUTES_FILE}: route ${JSON.stringify(route.path)}`;
    if (typeof route.path !== 'string' || !route.path.startsWith('/') || !route.path.endsWith('/')) {
      throw new Error(`${where}: path must start and end with "/"`);
    }
    if (seen.has(route.path)) throw new Error(`${where}: path appears twice`);
    seen.add(route.path);
    if (Boolean(route.upstream) === Boolean(route.static)) throw new Error(`${where}: give exactly one of "upstream" or "static"`);
    if (route.upstream && !upstreams[route.upstream]) throw new Error(`${where}: unknown upstream "${route.upstream}"`);
    if (route.static) {
      if (!/^[a-z][a-z0-9-]*$/.test(route.app ?? '')) throw new Error(`${where}: a static route needs an "app" name (kebab-case)`);
      if (!upstreams[appUpstream(route.app)]) throw new Error(`${where}: add upstream "${appUpstream(route.app)}" for production`);
    }
  }
  if (config.remoteRegistry !== undefined && typeof config.remoteRegistry !== 'string') {
    throw new Error(`${ROUTES_FILE}: "remoteRegistry" must be the path of the console's remotes.json`);
  }
  return { upstreams, routes: [...routes].sort((a, b) => b.path.length - a.path.length), remoteRegistry: config.remoteRegistry };
}

const GENERATED = `# Generated from ${ROUTES_FILE} by \`node tools/dev/gen-nginx.mjs\`: edit that file, not this one.`;

/** What the edge compresses (the dev edge and nginx alike), and from which size on. */
export const COMPRESSIBLE_TYPES = [
  'text/html',
  'text/plain',
  'text/css',
  'application/javascript',
  'text/javascript',
  'application/json',
  'application/manifest+json',
  'image/svg+xml',
];
export const COMPRESS_MIN_BYTES = 1024;

const GZIP = [
  'gzip on;',
  'gzip_comp_level 5;',
  `gzip_min_length ${COMPRESS_MIN_BYTES};`,
  'gzip_vary on;',
  'gzip_proxied any;',
  // nginx always compresses text/html and warns when it is listed.
  `gzip_types ${COMPRESSIBLE_TYPES.filter((type) => type !== 'text/html').join(' ')};`,
];

const indent = (lines, depth = 1) => lines.map((l) => (l ? '    '.repeat(depth) + l : l));

/** The edge: one origin, each path proxied to its upstream (the gateway or a web app's nginx). */
function renderEdge({ upstreams, routes, pageHeaders = pageSecurityHeaders() }) {
  const used = [...new Set(routes.map((r) => r.upstream ?? appUpstream(r.app)))].sort();
  const lines = [GENERATED, '# The edge server: include inside `http { }` (e.g. as /etc/nginx/conf.d/default.conf).', ''];
  for (const name of used) {
    lines.push(`upstream ${name} {`, ...indent([`server ${upstreams[name]};`, 'keepalive 16;']), '}', '');
  }
  const server = [
    'listen 8080;',
    'server_tokens off;',
    'client_max_body_size 2m;',
    ...GZIP,
    '',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $host;',
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Forwarded-Host $host;',
    '',
    '# Liveness of the edge itself.',
    'location = /healthz {',
    '    access_log off;',
    '    return 200 "ok\\n";',
    '}',
  ];
  for (const route of routes) {
    const upstream = route.upstream ?? appUpstream(route.app);
    server.push('', `location ${route.path} {`, `    proxy_pass http://${upstream};`);
    if (route.upstream) server.push('    proxy_read_timeout 30s;');
    // The gateway sets its own headers; a web app's pages get the edge's, error pages too (always).
    else server.push(...indent(Object.entries(pageHeaders).map(([name, value]) => `add_header ${name} "${value}" always;`)));
    server.push('}');
  }
  lines.push('server {', ...indent(server), '}', '');
  return lines.join('\n');
}

/** One web app's own nginx: its static build under its path, cache headers, SPA fallback. */
function renderApp(route) {
  const location = [
    `try_files $uri ${route.spa ? `${route.path}index.html` : '=404'};`,
    `add_header Cache-Control "${REVALIDATE}" always;`,
    '',
    '# Content-hashed file names never change.',
    `location ~* "${HASHED_ASSET.source}" {`,
    `    add_header Cache-Control "${IMMUTABLE}" always;`,
    '}',
  ];
  if (route.spa) {
    // Deep links get the page; a missing file (anything with an extension) stays a 404.
    location.push('location ~ \\.[a-zA-Z0-9]+$ {', '    try_files $uri =404;', `    add_header Cache-Control "${REVALIDATE}" always;`, '}');
  }
  const server = [
    'listen 8080;',
    'server_tokens off;',
    `# The build's files live under /usr/share/nginx/html${route.path}`,
    'root /usr/share/nginx/html;',
    ...GZIP,
    '',
    `location ${route.path} {`,
    ...indent(location),
    '}',
  ];
  return [
    GENERATED,
    `# Web app "${route.app}" (${route.static}) served at ${route.path}: include inside \`http { }\`.`,
    '',
    'server {',
    ...indent(server),
    '}',
    '',
  ].join('\n');
}

/** Every generated file, by path relative to the repository root. */
export function renderNginx(config) {
  const files = { 'deploy/edge/nginx.conf': renderEdge(config) };
  for (const route of config.routes.filter((r) => r.static)) files[`deploy/edge/apps/${route.app}.conf`] = renderApp(route);
  return files;
}
