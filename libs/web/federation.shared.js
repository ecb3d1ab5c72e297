// Module federation `shared` option for the console host and every remote (their
// rspack configs get it through rspack.base.js). It sits beside the web projects,
// in none of them, so that build configs can share it without reaching into a project.
//
// Host and remotes deploy apart, so a shared module is a bet that the host's copy
// suits a remote built later. Only what must exist once per page is shared, as a
// singleton: react, the router, the query client, the notifications and modals
// stores, and @freight/web-session (the stored session, its listeners, the one
// expiry timer, logout, the API base). Each carries the version the app was built
// with as requiredVersion, so a remote that needs a newer copy than the host's
// gets a warning in the console.
//
// Not shared, so each app bundles the copy it was built with and keeps only what
// it uses: @freight/web-kit (stateless components, hooks and the API client; its
// stateful part is @freight/web-session), @freight/contracts (schemas, routes and
// texts; a host's older copy would lack what a newer remote uses), @mantine/core,
// @mantine/hooks and zod. A shared module is also bundled whole (no tree shaking):
// ~170 KB gzipped for @mantine/core and ~60 KB for zod before the first render.
// Unsharing the contracts costs a remote screen its own zod (~26 KB gzipped).
// Mantine's class names and CSS variables are identical (same version), and a remote
// wraps its screens in its own MantineProvider with the kit's theme.
import { readFileSync } from 'node:fs';

const singletons = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  '@mantine/modals',
  '@mantine/notifications',
  '@freight/web-session',
];

/** The installed (hoisted or workspace-linked) version: every app of the workspace builds against the same one. */
function installedVersion(name) {
  const file = new URL(`../../node_modules/${name}/package.json`, import.meta.url);
  return `^${JSON.parse(readFileSync(file, 'utf8')).version}`;
}

/** The `shared` option of ModuleFederationPlugin for every web app of the console. */
export const sharedModules = Object.fromEntries(
  singletons.map((name) => [name, { singleton: true, requiredVersion: installedVersion(name) }]),
);
