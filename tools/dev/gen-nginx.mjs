// Writes the production nginx configuration generated from deploy/edge/routes.json.
// `--check` writes nothing and fails when a committed file differs from what it would write.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRoutes, renderNginx } from './routes.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const check = process.argv.includes('--check');
const stale = [];
for (const [path, text] of Object.entries(renderNginx(loadRoutes(root)))) {
  const file = join(root, path);
  if (check) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(path);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`wrote ${path}`);
  }
}
if (stale.length) {
  console.error(`Out of date with deploy/edge/routes.json: ${stale.join(', ')}. Run: node tools/dev/gen-nginx.mjs`);
  process.exit(1);
}
