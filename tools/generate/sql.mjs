// `npm run sql:generate`: writes every data-access module's queries, as Postgres receives them
// with their example parameters, into the committed file beside the module (ADR 50), from the
// services' builds (the script builds them first). Each service's `query-files.spec.ts` fails,
// naming the query, while a file differs from what its module declares.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderQueries } from '@freight/server-database';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The services whose data access is declared (their `src/query-files.ts`). */
const SERVICES = ['shipment', 'accounts'];

for (const service of SERVICES) {
  const { QUERY_FILES } = await import(new URL(`apps/services/${service}/dist/query-files.js`, `file://${root}`).href);
  for (const file of QUERY_FILES) {
    const path = `${root}apps/services/${service}/src/${file.file}`;
    const text = renderQueries(file);
    let before = null;
    try {
      before = readFileSync(path, 'utf8');
    } catch {
      // A new file.
    }
    if (before === text) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    process.stdout.write(`wrote ${relative(root, path)}\n`);
  }
}
