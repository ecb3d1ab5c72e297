import { config } from 'zod/mini';

// The edge's Content-Security-Policy allows no eval (tools/dev/routes.mjs, pageSecurityHeaders).
// Zod would probe for it (`Function('')`, reported as a CSP violation although caught) and
// compile its parsers with it; jitless parses without. Zod keeps this setting on globalThis,
// so the remotes' own copies of zod follow it. Imported first, before any schema is built.
config({ jitless: true });
