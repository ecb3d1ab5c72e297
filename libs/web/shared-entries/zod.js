// What the web apps share as 'zod': the part of zod's classic API that the web apps and the
// contracts they bundle use. The whole package shared is 89 KB gzipped (40-odd locales, JSON
// Schema conversion, the schema compiler); these names are 26 KB, once per page instead of
// once per app. The web apps' `import ... from 'zod'` resolves here (federation.shared.js);
// tests, type checks and the servers still see the real package.
//
// The names are listed once, in zod-names.js, and become both the named exports and `z`.
//
// The share key carries a digest of both files: an app built with a different list does not
// take another's copy and bundles its own (correct, only heavier until both are rebuilt).
// `npm test` checks that every `z.…` the web apps and the contracts call is here
// (tools/web-audit/shared-entries.spec.mjs). `real-package/zod/` is the installed package's
// folder: 'zod' itself resolves to this file.
import * as z from './zod-names.js';

export * from './zod-names.js';
export { z };
export default z;
