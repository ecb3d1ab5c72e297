// What the web apps share as 'react-hook-form': what the forms and @hookform/resolvers use
// (whole package shared: 16.2 KB gzipped; these names: 13.5 KB). The web apps' `import ...
// from 'react-hook-form'` resolves here (federation.shared.js); tests and type checks still see
// the real package. `real-package/react-hook-form/` is the installed package's folder.
//
// The share key carries a digest of this file: an app built with a different list does not
// take another's copy and bundles its own. `npm test` checks that every name the web apps and
// @hookform/resolvers import is here (tools/web-audit/shared-entries.spec.mjs).
export { Controller, useForm, appendErrors, get, set } from 'real-package/react-hook-form/dist/index.esm.mjs';
