// The contracts' compatibility check (ADR 55), a server- and tool-side entry of its own
// (`@freight/contracts/compat`): it needs zod's JSON Schema, which the web apps' zod leaves out (ADR 18).
export * from './compatibility.js';
export { contractSnapshot } from './snapshot.js';

/** The last release's contracts, from the repository root: written by `npm run contracts:snapshot`, compared by `npm test`. */
export const RELEASE_SNAPSHOT_PATH = 'libs/contracts/compat/release.json';
