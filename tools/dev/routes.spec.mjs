import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cacheControlFor,
  edgeTemplatePath,
  IMMUTABLE,
  loadRoutes,
  matchRoute,
  pageSecurityHeaders,
  remoteOrigins,
  renderNginx,
  REVALIDATE,
  siteUrls,
  substituteEnv,
  validateRoutes,
} from './routes.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('deploy/edge/routes.json → nginx', () => {
  const files = renderNginx(loadRoutes(root));
  /** The body of the `location <spec> {` block of a generated file. */
  const location = (file, spec) => {
    const text = files[file];
    const start = text.indexOf(`location ${spec} {\n`);
    return start < 0 ? '' : text.slice(start, text.indexOf('\n    }', start));
  };

  it('the committed nginx files are exactly what the generator writes', () => {
    expect(Object.keys(files).sort()).toEqual([
      'deploy/edge/apps/accounts.conf',
      'deploy/edge/apps/client-portal.conf',
      'deploy/edge/apps/console.conf',
      'deploy/edge/apps/jobs.conf',
      'deploy/edge/apps/master-data.conf',
      'deploy/edge/apps/portal.conf',
      'deploy/edge/apps/tracking.conf',
      edgeTemplatePath('main'),
      edgeTemplatePath('portal'),
    ]);
    for (const [path, text] of Object.entries(files)) {
      // A mismatch means routes.json changed: run `node tools/dev/gen-nginx.mjs`.
      expect(readFileSync(join(root, path), 'utf8')).toBe(text);
    }
  });

  it('proxies every route of a site to its upstream with the client address forwarded', () => {
    const main = files[edgeTemplatePath('main')];
    expect(main).toContain('upstream gateway {\n    server gateway:3000;');
    expect(location(edgeTemplatePath('main'), '/api/')).toContain('proxy_pass http://gateway;');
    expect(location(edgeTemplatePath('main'), '/remotes/master-data/')).toContain('proxy_pass http://web-master-data;');
    expect(location(edgeTemplatePath('main'), '/')).toContain('proxy_pass http://web-console;');
    // The client is the connection (or what a trusted proxy in front names): never appended to what it sent.
    expect(main).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(main).not.toContain('$proxy_add_x_forwarded_for');
    expect(main).toContain('gzip on;');
    expect(main).not.toContain('web-portal');
    const portal = files[edgeTemplatePath('portal')];
    expect(location(edgeTemplatePath('portal'), '/remotes/client-portal/')).toContain('proxy_pass http://web-client-portal;');
    expect(location(edgeTemplatePath('portal'), '/')).toContain('proxy_pass http://web-portal;');
    expect(location(edgeTemplatePath('portal'), '/api/')).toContain('proxy_pass http://gateway;');
    expect(portal).not.toContain('web-console');
  });

  it("serves the microsite at its exact paths on the main site, each from the tracking app's nginx", () => {
    for (const path of ['/', '/Searchbl', '/robots.txt']) expect(location(edgeTemplatePath('main'), `= ${path}`)).toContain('proxy_pass http://web-tracking;');
    expect(location(edgeTemplatePath('main'), '/site/')).toContain('proxy_pass http://web-tracking;');
    const tracking = 'deploy/edge/apps/tracking.conf';
    expect(location(tracking, '= /')).toContain('try_files /site/index.html =404;');
    expect(location(tracking, '= /Searchbl')).toContain('try_files /site/searchbl.html =404;');
    expect(location(tracking, '= /robots.txt')).toContain('try_files /site/robots.txt =404;');
    expect(location(tracking, '/site/')).toContain('try_files $uri =404;');
  });

  it("redirects the client routes to ${PORTAL_URL} with the same path and query, and the portal's / to ${PUBLIC_SITE_URL}", () => {
    for (const spec of [
      '= /clientlogin',
      '= /consigneeshipmentview',
      '/viewbookingconsignee/',
      '= /viewvesselconsignee',
      '= /viewagentconsignee',
      '= /consigneeaccounts',
      '= /shippershipmentview',
      '/viewbookingshipper/',
    ]) {
      expect([spec, location(edgeTemplatePath('main'), spec)]).toEqual([spec, expect.stringContaining('return 302 ${PORTAL_URL}$request_uri;')]);
    }
    expect(location(edgeTemplatePath('portal'), '= /')).toContain('return 302 ${PUBLIC_SITE_URL}$request_uri;');
    expect(substituteEnv('return 302 ${PORTAL_URL}$request_uri;', { PORTAL_URL: 'https://portal.example.com' })).toBe(
      'return 302 https://portal.example.com$request_uri;',
    );
  });

  it("adds each site's pages' security headers to each web app's location and redirect, not to the API's", () => {
    const { sites } = loadRoutes(root);
    /** @type {Array<[string, string[]]>} */
    const cases = [
      ['main', ['/', '= /', '/remotes/master-data/', '= /clientlogin']],
      ['portal', ['/', '/remotes/client-portal/', '= /']],
    ];
    for (const [site, paths] of cases) {
      const csp = `add_header Content-Security-Policy "${sites[site].pageHeaders['Content-Security-Policy']}" always;`;
      for (const path of paths) {
        expect([site, path, location(edgeTemplatePath(site), path)]).toEqual([site, path, expect.stringContaining(csp)]);
        expect(location(edgeTemplatePath(site), path)).toContain('add_header X-Frame-Options "DENY" always;');
      }
      expect(location(edgeTemplatePath(site), '/api/')).not.toContain('add_header');
    }
  });

  it('gives the single-page apps an index.html fallback and the remotes none', () => {
    expect(files['deploy/edge/apps/console.conf']).toContain('try_files $uri /index.html;');
    expect(files['deploy/edge/apps/portal.conf']).toContain('try_files $uri /index.html;');
    for (const remote of ['master-data', 'client-portal']) {
      expect(files[`deploy/edge/apps/${remote}.conf`]).toContain('try_files $uri =404;');
      expect(files[`deploy/edge/apps/${remote}.conf`]).not.toContain('index.html');
    }
  });
});

describe('validateRoutes', () => {
  const upstreams = { gateway: 'gateway:3000', 'web-a': 'web-a:8080', 'web-b': 'web-b:8080' };
  const site = (routes, more = {}) => ({ upstreams, sites: { main: { urlVariable: 'PUBLIC_SITE_URL', routes }, ...more } });
  const other = { other: { urlVariable: 'OTHER_URL', routes: [{ path: '/', app: 'b', static: 'y' }] } };

  it('orders exact routes first, then prefixes longest first', () => {
    const { sites } = validateRoutes(
      site([
        { path: '/', app: 'a', static: 'x' },
        { exact: '/', app: 'b', static: 'y', file: 'index.html' },
        { path: '/b/', app: 'b', static: 'y' },
        { path: '/api/', upstream: 'gateway' },
      ]),
    );
    expect(sites.main.routes.map((r) => `${r.exact ? '=' : ''}${r.path}`)).toEqual(['=/', '/api/', '/b/', '/']);
  });

  it.each([
    [{ path: 'api/', upstream: 'gateway' }, 'must start with "/"'],
    [{ path: '/api', upstream: 'gateway' }, 'must start and end with "/"'],
    [{ exact: '/x/', upstream: 'gateway' }, 'an exact path does not end with "/"'],
    [{ path: '/x/', exact: '/x', upstream: 'gateway' }, 'exactly one of "path"'],
    [{ path: '/api/', upstream: 'nowhere' }, 'unknown upstream "nowhere"'],
    [{ path: '/x/', upstream: 'gateway', static: 'dist' }, 'exactly one of "upstream", "static" or "redirect"'],
    [{ path: '/x/', upstream: 'gateway', redirect: 'other' }, 'exactly one of "upstream", "static" or "redirect"'],
    [{ path: '/x/', static: 'dist' }, 'needs an "app" name'],
    [{ path: '/x/', static: 'dist', app: 'c' }, 'add upstream "web-c"'],
    [{ path: '/x/', static: 'x', app: 'a', file: 'index.html' }, 'an exact static route names its "file", a prefix route none'],
    [{ exact: '/x', static: 'x', app: 'a' }, 'an exact static route names its "file", a prefix route none'],
    [{ exact: '/x', static: 'x', app: 'a', file: '../etc/passwd' }, '"file" is a file name'],
    [{ exact: '/x', static: 'x', app: 'a', file: 'x.html' }, 'app "a" needs a prefix route on this site'],
    [{ exact: '/x', redirect: 'nowhere' }, 'redirects to unknown site "nowhere"'],
    [{ exact: '/x', redirect: 'main' }, 'redirects to its own site'],
  ])('rejects %j', (route, message) => {
    expect(() => validateRoutes(site([route], other))).toThrow(message);
  });

  it('rejects a path given twice, an empty site or map, a site without its URL variable, an app in two folders', () => {
    const api = { path: '/api/', upstream: 'gateway' };
    expect(() => validateRoutes(site([api, api]))).toThrow('appears twice');
    expect(
      validateRoutes(
        site([
          { exact: '/', upstream: 'gateway' },
          { path: '/', upstream: 'gateway' },
        ]),
      ).sites.main.routes,
    ).toHaveLength(2);
    expect(() => validateRoutes(site([]))).toThrow('non-empty');
    expect(() => validateRoutes({ upstreams, sites: {} })).toThrow('"sites" must be a non-empty object');
    expect(() => validateRoutes({ upstreams, sites: { main: { routes: [api] } } })).toThrow('"urlVariable" must name the variable');
    expect(() =>
      validateRoutes(
        site([
          { path: '/a/', app: 'a', static: 'x' },
          { path: '/b/', app: 'a', static: 'y' },
        ]),
      ),
    ).toThrow('app "a" is built into one folder');
  });

  it('matchRoute finds the route of a path: exact first, then the longest prefix', () => {
    const { sites } = loadRoutes(root);
    const at = (site, path) => {
      const route = matchRoute(sites[site], path);
      return route.redirect ? `→ ${route.redirect}` : (route.app ?? route.upstream);
    };
    expect(
      ['/', '/Searchbl', '/robots.txt', '/site/main.js', '/clientlogin', '/viewbookingconsignee/J1', '/admindashboard', '/Searchbl/x', '/api/x'].map((p) =>
        at('main', p),
      ),
    ).toEqual(['tracking', 'tracking', 'tracking', 'tracking', '→ portal', '→ portal', 'console', 'console', 'gateway']);
    expect(['/', '/clientlogin', '/remotes/client-portal/remoteEntry.js', '/api/x'].map((p) => at('portal', p))).toEqual([
      '→ main',
      'portal',
      'client-portal',
      'gateway',
    ]);
  });
});

describe('siteUrls', () => {
  const { sites } = loadRoutes(root);

  it('takes each configured URL without its trailing slash, else the fallback', () => {
    expect(siteUrls(sites, { PORTAL_URL: 'https://portal.example.com/' }, (name) => `http://127.0.0.1:${name === 'main' ? 8080 : 8081}`)).toEqual({
      main: 'http://127.0.0.1:8080',
      portal: 'https://portal.example.com',
    });
  });

  it.each([
    [{ PORTAL_URL: 'portal.example.com' }, 'PORTAL_URL must be an absolute http(s) URL'],
    [{ PORTAL_URL: 'ftp://portal.example.com' }, 'PORTAL_URL must be an http(s) URL without query or fragment'],
    [{ PUBLIC_SITE_URL: 'https://www.example.com/?a=1' }, 'PUBLIC_SITE_URL must be an http(s) URL without query or fragment'],
  ])('refuses %j', (env, message) => {
    expect(() => siteUrls(sites, env, () => 'http://127.0.0.1:1')).toThrow(message);
  });

  it('refuses a site without a URL', () => {
    expect(() => siteUrls(sites, {})).toThrow('PUBLIC_SITE_URL (the URL of the main site) is not set');
  });
});

describe('page security headers', () => {
  it('allow scripts from this origin only, never inline, and no framing', () => {
    const headers = pageSecurityHeaders();
    const csp = Object.fromEntries(headers['Content-Security-Policy'].split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(csp).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
      'base-uri': "'none'",
    });
    expect(headers).toMatchObject({ 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
  });

  it('each site of the repository map reads the remote registry of its host', () => {
    const { sites } = loadRoutes(root);
    const registry = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
    expect(sites.main.pageHeaders).toEqual(pageSecurityHeaders(remoteOrigins(registry('apps/web/console/public/remotes.json'))));
    expect(sites.portal.pageHeaders).toEqual(pageSecurityHeaders(remoteOrigins(registry('apps/web/portal/public/remotes.json'))));
  });

  it("lists the origin of each remote that is not on the page's own", () => {
    expect(remoteOrigins({ a: '/remotes/a/remoteEntry.js', b: 'remotes/b/remoteEntry.js' })).toEqual([]);
    expect(
      remoteOrigins({ a: 'https://cdn.example.com/a/remoteEntry.js', b: 'https://cdn.example.com/b/x.json', c: 'http://10.0.0.5:8081/c/remoteEntry.js' }),
    ).toEqual(['http://10.0.0.5:8081', 'https://cdn.example.com']);
    expect(pageSecurityHeaders(['https://cdn.example.com'])['Content-Security-Policy']).toContain("script-src 'self' https://cdn.example.com;");
    expect(() => remoteOrigins({ a: 'javascript:alert(1)' })).toThrow('is not an http(s) URL');
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['main.1a2b3c4d.js', IMMUTABLE],
    ['static/css/app.0123456789abcdef.css', IMMUTABLE],
    ['static/js/async/123-1a2b3c4d.js', IMMUTABLE],
    ['index.html', REVALIDATE],
    ['remotes.json', REVALIDATE],
    ['remoteEntry.js', REVALIDATE],
    ['remoteEntry.js', REVALIDATE],
    ['static/js/async/123.js', REVALIDATE],
  ])('%s → %s', (file, expected) => expect(cacheControlFor(file)).toBe(expected));
});
