// What the web apps share as 'react-router-dom': the names they use, not the whole package.
// A shared module is bundled whole, and react-router's whole (framework mode, server
// rendering, sessions, cookies, ...) is 61 KB gzipped where these names (what the apps use and a
// few hooks screens commonly need) are 30 KB. The web
// apps' `import ... from 'react-router-dom'` resolves here (libs/web/federation.shared.js),
// tests and type checks still see the real package.
//
// The console and every remote use the console's copy (a singleton: one router per page),
// so this list is part of what a remote may expect from the console: add, never remove, and
// deploy the console before a remote that uses an added name. `npm test` checks that every
// name the web apps import is here (tools/web-audit/shared-entries.spec.mjs).
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  createBrowserRouter,
  isRouteErrorResponse,
  matchPath,
  generatePath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useResolvedPath,
  useRouteError,
  useRoutes,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
