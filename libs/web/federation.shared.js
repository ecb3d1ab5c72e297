// Module federation `shared` option for the console host and every remote (their
// rspack configs get it through rspack.base.js). It sits beside the web projects,
// in none of them, so that build configs can share it without reaching into a project.
//
// Shared as singletons: everything that holds state or React context which host
// and remotes must see once per page: react, the router, the query client, this
// kit (session, timer, api client, toasts, confirm dialogs), the notifications and
// modals stores, and the contracts (so a remote reuses the host's schemas).
//
// Not shared: @mantine/core, @mantine/hooks and zod. A shared module is bundled
// whole (no tree shaking), which costs ~170 KB gzipped for @mantine/core and
// ~60 KB more for zod (all its locales) before the first render; unshared,
// each app keeps only the components it uses. Their class names and CSS variables
// are identical (same version), and a remote wraps its screens in its own
// MantineProvider with the kit's theme (no second copy of the CSS variables).
import { readFileSync } from 'node:fs';

const singletons = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  '@mantine/modals',
  '@mantine/notifications',
];

/** The installed (hoisted) version: every app of the workspace builds against the same one. */
function installedVersion(name) {
  const file = new URL(`../../node_modules/${name}/package.json`, import.meta.url);
  return `^${JSON.parse(readFileSync(file, 'utf8')).version}`;
}

/** The `shared` option of ModuleFederationPlugin for every web app of the console. */
export const sharedModules = {
  ...Object.fromEntries(singletons.map((name) => [name, { singleton: true, requiredVersion: installedVersion(name) }])),
  // Workspace libraries (version 0.0.0): one copy, whatever their version says.
  '@freight/web-kit': { singleton: true, requiredVersion: false },
  '@freight/contracts': { singleton: true, requiredVersion: false },
};
