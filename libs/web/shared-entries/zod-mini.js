// What the web apps share as 'zod/mini': the part of zod's functional API that the web apps and
// the contracts they bundle use (ADR 18). The contracts are written on zod/mini rather than the
// classic API: a classic schema carries every method (and so every check and format) with it,
// 26 KB gzipped for any use; zod/mini's checks are functions, so only those called are here
// (about 10 KB), once per page instead of once per app. The web apps' `import ... from
// 'zod/mini'` resolves here (federation.shared.js); tests, type checks and the servers still
// see the real package.
//
// The names are listed once, in zod-mini-names.js, and become both the named exports and `z`.
//
// The share key carries a digest of both files: an app built with a different list does not
// take another's copy and bundles its own (correct, only heavier until both are rebuilt).
// `npm test` checks that every `z.…` the web apps and the contracts call is here
// (tools/web-audit/shared-entries.spec.mjs). `real-package/zod/mini/` is the installed
// package's mini folder: 'zod/mini' itself resolves to this file.
import * as z from './zod-mini-names.js';

export * from './zod-mini-names.js';
export { z };
export default z;
