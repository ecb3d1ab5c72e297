// Unused exports, types and files across the whole workspace (knip, configured in knip.json; ADR 58).
// ESLint sees one file at a time, so it cannot tell whether anything imports an export: knip reads
// every project's imports at once. `npm run lint` and `npm test` (its own step) run this; it exits 1
// on any finding. Extra arguments go to knip (`-- --reporter json`, `-- --fix --fix-type exports`).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const knip = join(root, 'node_modules/knip/bin/knip.js');

// tsconfig.build.json: its outDir tells knip that `dist/` of a library is built from its `src/`, so
// an import of `@freight/web-domain/jobs` counts for the sources whether or not dist exists yet.
const args = [knip, '--no-progress', '--tsConfig', 'tsconfig.build.json', ...process.argv.slice(2)];
const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
if (status === 1) {
  console.error('\nUnused exports or files (above): remove them, or stop exporting what only its own file uses (docs/adr/0058).');
}
process.exit(status ?? 1);
