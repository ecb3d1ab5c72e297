// `npm run contracts:snapshot`, when a release is cut: the current contracts (as JSON Schema)
// become the last release's, which `npm test` compares every later change with (ADR 55,
// README "Releases and contract changes"). Runs the built contracts: the script builds them first.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RELEASE_SNAPSHOT_PATH, contractSnapshot } from '@freight/contracts/compat';

const file = fileURLToPath(new URL(`../../${RELEASE_SNAPSHOT_PATH}`, import.meta.url));
writeFileSync(file, `${JSON.stringify(contractSnapshot(), null, 2)}\n`);
console.log(`Wrote ${RELEASE_SNAPSHOT_PATH}`);
