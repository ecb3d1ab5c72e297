// The deployables, each one OCI image `freight/<name>:<version>` (docs/adr/0057-images-from-debian-packages.md):
// the gateway and every service of the registry (deploy/docker/node.Containerfile), every web app
// of the edge map and every site's edge (nginx.Containerfile, its targets `web` and `edge`). Read by
// `npm run images` (./build.mjs), the image test and the manifests' generator (tools/dev/gen-k8s.mjs).
// Plain Node: runs before anything is built.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appUpstream, loadRoutes } from '../dev/routes.mjs';
import { SERVICES } from '../dev/services.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The release the images are tagged with: the root package.json's version (bump it to release). */
export const IMAGE_VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

/** `freight/<name>:<version>`. */
export const imageOf = (name, version = IMAGE_VERSION) => `freight/${name}:${version}`;

/** The gateway's entry (as in tools/dev/start.mjs). */
export const GATEWAY = { name: 'gateway', root: 'apps/gateway', entry: 'apps/gateway/dist/main.js', port: 3000 };

/** The port every nginx image listens on (deploy/edge/*.conf*). */
export const NGINX_PORT = 8080;

/** A service's HEALTH_PORT in its image and its pod (its /live and /ready listener). */
export const SERVICE_HEALTH_PORT = 8081;

/**
 * The web apps of the edge map: the path each is served under (its prefix route; its files live
 * at the same path inside its image) and the page that shows it is up.
 * @param {ReturnType<typeof loadRoutes>} [config]
 * @returns {{ app: string, name: string, routes: any[], path: string, page: string, spaSite?: string }[]}
 */
export function webApps(config = loadRoutes(ROOT)) {
  const apps = new Map();
  for (const site of Object.values(config.sites)) {
    for (const route of site.routes.filter((r) => r.static)) {
      const entry = apps.get(route.app) ?? { app: route.app, name: appUpstream(route.app), routes: [] };
      entry.routes.push(route);
      if (route.spa && site.remoteRegistry) entry.spaSite = site.name;
      apps.set(route.app, entry);
    }
  }
  return [...apps.values()].map((entry) => {
    const home = entry.routes.find((r) => !r.exact);
    const exactFiles = entry.routes.filter((r) => r.exact).map((r) => r.file);
    const file = exactFiles.includes('index.html') || home.spa ? 'index.html' : (exactFiles[0] ?? 'remoteEntry.js');
    return { ...entry, path: home.path, page: `${home.path}${file}` };
  });
}

/** The image of a site's edge: `edge-<site>`. */
export const edgeImageName = (site) => `edge-${site}`;

/**
 * Every deployable: its image name, Containerfile and build arguments.
 * @returns {{ name: string, kind: 'node' | 'web' | 'edge', containerfile: string, target?: string, args: Record<string, string> }[]}
 */
export function deployables(config = loadRoutes(ROOT), services = SERVICES) {
  const node = (name, root) => ({ name, kind: /** @type {const} */ ('node'), containerfile: 'deploy/docker/node.Containerfile', args: { APP: root } });
  return [
    node(GATEWAY.name, GATEWAY.root),
    ...services.map((service) => node(service.name, service.root)),
    ...webApps(config).map(({ app, name, path, page }) => ({
      name,
      kind: /** @type {const} */ ('web'),
      containerfile: 'deploy/docker/nginx.Containerfile',
      target: 'web',
      args: { APP: app, URL_PATH: path, HEALTH_PAGE: page },
    })),
    ...Object.keys(config.sites).map((site) => ({
      name: edgeImageName(site),
      kind: /** @type {const} */ ('edge'),
      containerfile: 'deploy/docker/nginx.Containerfile',
      target: 'edge',
      // Only the sites' URLs are replaced in the template (nginx's own $variables stay).
      args: {
        SITE: site,
        ENVSUBST_FILTER: `^(${Object.values(config.sites)
          .map((s) => s.urlVariable)
          .join('|')})$`,
      },
    })),
  ];
}

/** The workspaces whose production dependencies the Node images carry: the gateway and the services (no web app, no tool). */
export const backEndWorkspaces = (services = SERVICES) => [GATEWAY.root, ...services.map((s) => s.root)];
