// What the web apps share as '@tanstack/react-query': the query client the console creates
// and the hooks the screens use (whole package shared: 13.1 KB gzipped; these names: 10.3 KB).
// The web apps' `import ... from '@tanstack/react-query'` resolves here (federation.shared.js);
// tests and type checks still see the real package. `real-package/@tanstack/react-query/` is
// the installed package's folder.
//
// A singleton: every remote uses the console's copy (one query client, one cache per page), so
// this list is part of what a remote may expect from the console: add, never remove, and deploy
// the console before a remote that uses an added name. `npm test` checks that every name the web
// apps import is here (tools/web-audit/shared-entries.spec.mjs).
export { QueryClient, QueryClientProvider, keepPreviousData, useQuery, useQueryClient } from 'real-package/@tanstack/react-query/build/modern/index.js';
