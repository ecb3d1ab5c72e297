import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheControlFor, IMMUTABLE, loadRoutes, pageSecurityHeaders, remoteOrigins, renderNginx, REVALIDATE, validateRoutes } from './routes.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('deploy/edge/routes.json → nginx', () => {
  it('the committed nginx files are exactly what the generator writes', () => {
    const files = renderNginx(loadRoutes(root));
    expect(Object.keys(files).sort()).toEqual([
      'deploy/edge/apps/accounts.conf',
      'deploy/edge/apps/console.conf',
      'deploy/edge/apps/jobs.conf',
      'deploy/edge/apps/master-data.conf',
      'deploy/edge/nginx.conf',
    ]);
    for (const [path, text] of Object.entries(files)) {
      // A mismatch means routes.json changed: run `node tools/dev/gen-nginx.mjs`.
      expect(readFileSync(join(root, path), 'utf8')).toBe(text);
    }
  });

  it('proxies every route to its upstream with the client address forwarded', () => {
    const edge = renderNginx(loadRoutes(root))['deploy/edge/nginx.conf'];
    expect(edge).toContain('upstream gateway {\n    server gateway:3000;');
    expect(edge).toMatch(/location \/api\/ \{\n\s+proxy_pass http:\/\/gateway;/);
    expect(edge).toMatch(/location \/remotes\/master-data\/ \{\n\s+proxy_pass http:\/\/web-master-data;/);
    expect(edge).toMatch(/location \/ \{\n\s+proxy_pass http:\/\/web-console;/);
    expect(edge).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(edge).toContain('gzip on;');
  });

  it("adds the pages' security headers to each web app's location, not to the API's", () => {
    const edge = renderNginx(loadRoutes(root))['deploy/edge/nginx.conf'];
    const location = (path) => new RegExp(`location ${path.replaceAll('/', '\\/')} \\{\\n([^}]*)\\}`).exec(edge)?.[1] ?? '';
    const csp = `add_header Content-Security-Policy "${pageSecurityHeaders()['Content-Security-Policy']}" always;`;
    for (const path of ['/', '/remotes/master-data/']) {
      expect(location(path)).toContain(csp);
      expect(location(path)).toContain('add_header X-Frame-Options "DENY" always;');
      expect(location(path)).toContain('add_header X-Content-Type-Options "nosniff" always;');
    }
    expect(location('/api/')).toContain('proxy_pass http://gateway;');
    expect(location('/api/')).not.toContain('add_header');
  });

  it('gives the single-page app an index.html fallback and the remote none', () => {
    const files = renderNginx(loadRoutes(root));
    expect(files['deploy/edge/apps/console.conf']).toContain('try_files $uri /index.html;');
    expect(files['deploy/edge/apps/master-data.conf']).toContain('try_files $uri =404;');
    expect(files['deploy/edge/apps/master-data.conf']).not.toContain('index.html');
  });
});

describe('validateRoutes', () => {
  const upstreams = { gateway: 'gateway:3000', 'web-a': 'web-a:8080' };

  it('orders routes longest path first', () => {
    const { routes } = validateRoutes({
      upstreams,
      routes: [
        { path: '/', app: 'a', static: 'x' },
        { path: '/api/', upstream: 'gateway' },
      ],
    });
    expect(routes.map((r) => r.path)).toEqual(['/api/', '/']);
  });

  it.each([
    [{ path: 'api/', upstream: 'gateway' }, 'must start and end with "/"'],
    [{ path: '/api', upstream: 'gateway' }, 'must start and end with "/"'],
    [{ path: '/api/', upstream: 'nowhere' }, 'unknown upstream "nowhere"'],
    [{ path: '/x/', upstream: 'gateway', static: 'dist' }, 'exactly one of'],
    [{ path: '/x/', static: 'dist' }, 'needs an "app" name'],
    [{ path: '/x/', static: 'dist', app: 'b' }, 'add upstream "web-b"'],
  ])('rejects %j', (route, message) => {
    expect(() => validateRoutes({ upstreams, routes: [route] })).toThrow(message);
  });

  it('rejects a path given twice and an empty map', () => {
    const api = { path: '/api/', upstream: 'gateway' };
    expect(() => validateRoutes({ upstreams, routes: [api, api] })).toThrow('appears twice');
    expect(() => validateRoutes({ upstreams, routes: [] })).toThrow('non-empty');
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

  it('the repository map reads the remote registry of the console', () => {
    expect(loadRoutes(root).pageHeaders).toEqual(
      pageSecurityHeaders(remoteOrigins(JSON.parse(readFileSync(join(root, 'apps/web/console/public/remotes.json'), 'utf8')))),
    );
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
