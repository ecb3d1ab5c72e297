// The edge's path map (deploy/edge/routes.json) and everything derived from it: the dev
// edge reads it at start, the production nginx configuration is generated from it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROUTES_FILE = 'deploy/edge/routes.json';

/** File names carrying a content hash (`main.1a2b3c4d.js`) never change: cache them for a year. */
export const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A request for a file of a build (by its extension): a single-page app answers a missing one 404,
 * any other path (a deep link, `/edituserhead/amara.silva` too) with its index.html.
 */
export const FILE_EXTENSIONS = [
  'js',
  'mjs',
  'css',
  'map',
  'json',
  'html',
  'txt',
  'xml',
  'webmanifest',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'avif',
  'ico',
  'woff',
  'woff2',
  'ttf',
  'pdf',
  'csv',
];
export const FILE_REQUEST = new RegExp(`\\.(?:${FILE_EXTENSIONS.join('|')})$`, 'i');

/** Everything else (index.html, remotes.json, remoteEntry.js) is revalidated. */
export const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath) {
  return HASHED_ASSET.test(filePath) ? IMMUTABLE : REVALIDATE;
}

/** Where an edge's nginx reads the proxies it trusts to name the client (none: the connection is the client). */
export const TRUSTED_PROXIES_DIR = '/etc/nginx/trusted-proxies.d';

/** The upstream a static route is deployed as in production. */
export const appUpstream = (app) => `web-${app}`;

/**
 * The map, checked, each site with the security headers of its pages (`pageHeaders`), which
 * allow the origins of the remotes listed in that site's registry (`remoteRegistry`).
 * @returns {{ upstreams: Record<string, string>, sites: Record<string, Site> }}
 */
export function loadRoutes(root) {
  const config = validateRoutes(JSON.parse(readFileSync(join(root, ROUTES_FILE), 'utf8')));
  for (const site of Object.values(config.sites)) {
    const registry = site.remoteRegistry ? JSON.parse(readFileSync(join(root, site.remoteRegistry), 'utf8')) : {};
    site.pageHeaders = pageSecurityHeaders(remoteOrigins(registry));
  }
  return config;
}

/** The URL a server listening on host:port is reached at (a wildcard host by localhost). */
export function hostUrl(host, port) {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The port variable of each site's dev edge: the main site EDGE_PORT, another `<SITE>_EDGE_PORT` (PORTAL_EDGE_PORT). */
export const portVariable = (site) => (site === 'main' ? 'EDGE_PORT' : `${site.toUpperCase().replaceAll('-', '_')}_EDGE_PORT`);

/**
 * The configured URL of each site (its `urlVariable`, e.g. PORTAL_URL), without a trailing slash:
 * the target of the other sites' redirects to it. Unset or empty: `fallback(name)`.
 * @param {Record<string, Site>} sites @param {Record<string, string | undefined>} env
 * @param {(site: string) => string} [fallback]
 */
export function siteUrls(sites, env, fallback) {
  const urls = {};
  for (const [name, site] of Object.entries(sites)) {
    const value = env[site.urlVariable] || fallback?.(name);
    if (!value) throw new Error(`${site.urlVariable} (the URL of the ${name} site) is not set`);
    let url;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`${site.urlVariable} must be an absolute http(s) URL, not ${JSON.stringify(value)}`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
      throw new Error(`${site.urlVariable} must be an http(s) URL without query or fragment, not ${JSON.stringify(value)}`);
    urls[name] = url.href.replace(/\/+$/, '');
  }
  return urls;
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

/**
 * @typedef {{ path: string, exact: boolean, upstream?: string, app?: string, static?: string, file?: string, spa?: boolean, redirect?: string }} Route
 * @typedef {{ name: string, urlVariable: string, remoteRegistry?: string, routes: Route[], pageHeaders?: Record<string, string> }} Site
 */

/** Exact routes first, then prefixes longest first (the order a match needs). */
const byMatchOrder = (a, b) => Number(b.exact) - Number(a.exact) || b.path.length - a.path.length;

/**
 * Checks the map. A route is a prefix (`path`, ending in "/") or an `exact` path, and does one
 * thing: proxy to an `upstream`, serve a web app's `static` build (an exact route: the one
 * `file` of it; the app's files are served by its prefix route on the same site), or `redirect`
 * to another site's configured URL with the same path and query.
 * Answers the sites with their routes normalised ({ path, exact }) in match order.
 */
export function validateRoutes(config) {
  const { upstreams, sites } = config ?? {};
  if (!upstreams || typeof upstreams !== 'object') throw new Error(`${ROUTES_FILE}: "upstreams" must be an object`);
  if (!sites || typeof sites !== 'object' || Object.keys(sites).length === 0) throw new Error(`${ROUTES_FILE}: "sites" must be a non-empty object`);
  const out = /** @type {Record<string, Site>} */ ({});
  for (const [name, site] of Object.entries(sites)) {
    const at = `${ROUTES_FILE}: site "${name}"`;
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`${at}: a site name is kebab-case`);
    if (!/^[A-Z][A-Z0-9_]*$/.test(site?.urlVariable ?? '')) throw new Error(`${at}: "urlVariable" must name the variable of its URL (e.g. PORTAL_URL)`);
    if (site.remoteRegistry !== undefined && typeof site.remoteRegistry !== 'string')
      throw new Error(`${at}: "remoteRegistry" must be the path of its host's remotes.json`);
    if (!Array.isArray(site.routes) || site.routes.length === 0) throw new Error(`${at}: "routes" must be a non-empty array`);
    const seen = new Set();
    const routes = site.routes.map((route) => {
      const where = `${at}, route ${JSON.stringify(route.path ?? route.exact)}`;
      if ((route.path === undefined) === (route.exact === undefined)) throw new Error(`${where}: give exactly one of "path" (a prefix) or "exact"`);
      const exact = route.exact !== undefined;
      const path = exact ? route.exact : route.path;
      if (typeof path !== 'string' || !path.startsWith('/')) throw new Error(`${where}: path must start with "/"`);
      if (!exact && !path.endsWith('/')) throw new Error(`${where}: path must start and end with "/"`);
      if (exact && path !== '/' && path.endsWith('/')) throw new Error(`${where}: an exact path does not end with "/" (a prefix does: use "path")`);
      const key = `${exact ? '=' : ''}${path}`;
      if (seen.has(key)) throw new Error(`${where}: path appears twice`);
      seen.add(key);
      if ([route.upstream, route.static, route.redirect].filter(Boolean).length !== 1)
        throw new Error(`${where}: give exactly one of "upstream", "static" or "redirect"`);
      if (route.upstream && !upstreams[route.upstream]) throw new Error(`${where}: unknown upstream "${route.upstream}"`);
      if (route.redirect) {
        if (!sites[route.redirect]) throw new Error(`${where}: redirects to unknown site "${route.redirect}"`);
        if (route.redirect === name) throw new Error(`${where}: redirects to its own site`);
      }
      if (route.static) {
        if (!/^[a-z][a-z0-9-]*$/.test(route.app ?? '')) throw new Error(`${where}: a static route needs an "app" name (kebab-case)`);
        if (!upstreams[appUpstream(route.app)]) throw new Error(`${where}: add upstream "${appUpstream(route.app)}" for production`);
        if (exact !== (route.file !== undefined)) throw new Error(`${where}: an exact static route names its "file", a prefix route none`);
        if (exact && !/^[\w.-]+$/.test(route.file)) throw new Error(`${where}: "file" is a file name of the build's folder`);
        if (exact && route.spa) throw new Error(`${where}: an exact route is no single-page app`);
      }
      return { ...route, path, exact };
    });
    for (const route of routes.filter((r) => r.static && r.exact)) {
      const home = routes.find((r) => r.static && !r.exact && r.app === route.app);
      if (!home) throw new Error(`${at}, route "${route.path}": app "${route.app}" needs a prefix route on this site serving its files`);
      if (home.static !== route.static) throw new Error(`${at}, route "${route.path}": app "${route.app}" is served from one folder (${home.static})`);
    }
    out[name] = { name, urlVariable: site.urlVariable, remoteRegistry: site.remoteRegistry, routes: routes.sort(byMatchOrder) };
  }
  const folders = new Map();
  for (const route of Object.values(out).flatMap((s) => s.routes.filter((r) => r.static))) {
    if ((folders.get(route.app) ?? route.static) !== route.static)
      throw new Error(`${ROUTES_FILE}: app "${route.app}" is built into one folder, not ${route.static}`);
    folders.set(route.app, route.static);
  }
  return { upstreams, sites: out };
}

/** The route of `site` answering `path` (no query), or undefined. */
export function matchRoute(site, path) {
  return site.routes.find((r) => (r.exact ? path === r.path : path.startsWith(r.path)));
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

/** Where each site's edge configuration is written: an nginx template (its redirect targets come from the environment). */
export const edgeTemplatePath = (site) => `deploy/edge/sites/${site}.conf.template`;

/** An nginx location's opening: `= /path` for an exact route. */
const locationOf = (route) => `location ${route.exact ? '= ' : ''}${route.path} {`;

/**
 * One site's edge: each path proxied to its upstream (the gateway or a web app's nginx) or
 * redirected to another site's URL. A template for the nginx image's envsubst at container
 * start: `${PORTAL_URL}` (the target site's `urlVariable`) is the only substitution; nginx's own
 * `$request_uri` stays (the image substitutes defined variables only).
 */
function renderEdge({ upstreams, sites }, site) {
  const { routes, pageHeaders = pageSecurityHeaders() } = site;
  const used = [...new Set(routes.filter((r) => !r.redirect).map((r) => r.upstream ?? appUpstream(r.app)))].sort();
  const targets = [...new Set(routes.filter((r) => r.redirect).map((r) => sites[r.redirect].urlVariable))].sort();
  const lines = [
    GENERATED,
    `# The edge of the site "${site.name}" (${site.urlVariable}): an nginx template. The nginx image turns`,
    '# /etc/nginx/templates/default.conf.template into /etc/nginx/conf.d/default.conf at start, replacing',
    targets.length
      ? `# ${targets.map((v) => '${' + v + '}').join(', ')} from the environment (absolute URL, no trailing slash).`
      : '# nothing (this site redirects nowhere).',
    '',
  ];
  for (const name of used) {
    lines.push(`upstream ${name} {`, ...indent([`server ${upstreams[name]};`, 'keepalive 16;']), '}', '');
  }
  const headers = indent(Object.entries(pageHeaders).map(([name, value]) => `add_header ${name} "${value}" always;`));
  const server = [
    'listen 8080;',
    'server_tokens off;',
    'client_max_body_size 2m;',
    ...GZIP,
    '',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $host;',
    // Per-address limits count this address (docs/adr/0006).
    '# The client is the connection, never what it sent; a proxy in front (the Kubernetes Ingress) is',
    `# trusted to name it only where a file of ${TRUSTED_PROXIES_DIR} says so (set_real_ip_from).`,
    `include ${TRUSTED_PROXIES_DIR}/*.conf;`,
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-For $remote_addr;',
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
    server.push('', locationOf(route));
    if (route.redirect) {
      // Same path and query on the other site; the pages' headers on the redirect too.
      server.push(
        `    return ${REDIRECT_STATUS} \${${sites[route.redirect].urlVariable}}$request_uri;`,
        `    add_header Cache-Control "${REVALIDATE}" always;`,
        ...headers,
      );
    } else {
      const upstream = route.upstream ?? appUpstream(route.app);
      server.push(`    proxy_pass http://${upstream};`);
      if (route.upstream) server.push('    proxy_read_timeout 30s;');
      // The gateway sets its own headers; a web app's pages get the edge's, error pages too (always).
      else server.push(...headers);
    }
    server.push('}');
  }
  lines.push('server {', ...indent(server), '}', '');
  return lines.join('\n');
}

/**
 * One web app's own nginx: its static build under its path (its prefix route), cache headers,
 * SPA fallback; an exact route of the app answers its one file (the microsite's `/` its index.html).
 * @param {Route[]} routes the app's routes on every site (one prefix, the exact ones)
 */
function renderApp(routes) {
  const home = routes.find((r) => !r.exact);
  const locations = [
    `location ${home.path} {`,
    ...indent([
      `try_files $uri ${home.spa ? `${home.path}index.html` : '=404'};`,
      `add_header Cache-Control "${REVALIDATE}" always;`,
      '',
      '# Content-hashed file names never change.',
      `location ~* "${HASHED_ASSET.source}" {`,
      `    add_header Cache-Control "${IMMUTABLE}" always;`,
      '}',
      // Deep links get the page; a missing file (anything with an extension) stays a 404.
      ...(home.spa ? [`location ~* "${FILE_REQUEST.source}" {`, '    try_files $uri =404;', `    add_header Cache-Control "${REVALIDATE}" always;`, '}'] : []),
    ]),
    '}',
  ];
  for (const route of routes.filter((r) => r.exact).sort((a, b) => a.path.localeCompare(b.path))) {
    locations.push(
      '',
      locationOf(route),
      `    try_files ${home.path}${route.file} =404;`,
      `    add_header Cache-Control "${cacheControlFor(route.file)}" always;`,
      '}',
    );
  }
  const server = [
    'listen 8080;',
    'server_tokens off;',
    `# The build's files live under /usr/share/nginx/html${home.path}`,
    'root /usr/share/nginx/html;',
    ...GZIP,
    '',
    ...locations,
  ];
  const at = routes.map((r) => `${r.exact ? '= ' : ''}${r.path}`).join(', ');
  return [GENERATED, `# Web app "${home.app}" (${home.static}) served at ${at}: include inside \`http { }\`.`, '', 'server {', ...indent(server), '}', ''].join(
    '\n',
  );
}

/** The redirect status of a route to another site (temporary: the configured URL may change). */
export const REDIRECT_STATUS = 302;

/** Every generated file, by path relative to the repository root: each site's edge and each web app's nginx. */
export function renderNginx(config) {
  const files = {};
  const apps = new Map();
  for (const site of Object.values(config.sites)) {
    files[edgeTemplatePath(site.name)] = renderEdge(config, site);
    for (const route of site.routes.filter((r) => r.static)) {
      const list = apps.get(route.app) ?? [];
      if (!list.some((r) => r.exact === route.exact && r.path === route.path)) list.push(route);
      apps.set(route.app, list);
    }
  }
  for (const [app, routes] of apps) {
    if (routes.filter((r) => !r.exact).length !== 1) throw new Error(`${ROUTES_FILE}: app "${app}" is served under one prefix on every site`);
    files[`deploy/edge/apps/${app}.conf`] = renderApp(routes);
  }
  return files;
}

/** What the nginx image's envsubst does to a template: each `${NAME}` of `env` replaced, anything else left. */
export function substituteEnv(template, env) {
  return template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (all, name) => (name in env ? env[name] : all));
}
