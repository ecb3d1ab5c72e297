import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../dev/start.mjs';
import { loadRoutes } from '../dev/routes.mjs';

// Source maps are not served (issue 21): every script each edge serves from a web app's build,
// fetched through that edge, carries no sourceMappingURL, and its `.map` is a 404 (none is built).
const SITE_URLS = { main: process.env.E2E_BASE_URL, portal: process.env.E2E_PORTAL_URL };

/** Every file under `dir`, relative to it. */
const filesUnder = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => relative(dir, join(e.parentPath, e.name)));

const builds = Object.entries(loadRoutes(ROOT).sites).flatMap(([site, { routes }]) =>
  routes.filter((route) => route.static && !route.exact).map((route) => ({ site, path: route.path, dir: join(ROOT, route.static) })),
);

describe.each(builds)('$site edge, $path ($dir)', ({ site, path, dir }) => {
  it('serves its scripts without a source map reference, and no .map at all', async () => {
    const files = filesUnder(dir);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const found = [];
    for (const script of scripts) {
      const url = `${SITE_URLS[site]}${path}${script}`;
      const [js, map] = await Promise.all([fetch(url), fetch(`${url}.map`)]);
      const text = await js.text();
      await map.arrayBuffer();
      found.push({ script, status: js.status, mapped: /sourceMappingURL/.test(text), map: map.status });
    }
    expect(found).toEqual(scripts.map((script) => ({ script, status: 200, mapped: false, map: 404 })));
  }, 60_000);
});
