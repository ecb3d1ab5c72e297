// What the web apps share as 'zod': the part of zod's classic API that the web apps and the
// contracts they bundle use. The whole package shared is 89 KB gzipped (40-odd locales, JSON
// Schema conversion, the schema compiler); these names are 26 KB, once per page instead of
// once per app. The web apps' `import ... from 'zod'` resolves here (federation.shared.js);
// tests, type checks and the servers still see the real package.
//
// The share key carries a digest of this file: an app built with a different list does not
// take another's copy and bundles its own (correct, only heavier until both are rebuilt).
// `npm test` checks that every `z.…` the web apps and the contracts call is here
// (tools/web-audit/shared-entries.spec.mjs). `real-package/zod/` is the installed package's
// folder: 'zod' itself resolves to this file.
import {
  array,
  coerce,
  config,
  email,
  enum as enum_,
  literal,
  looseObject,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  uuid,
  ZodObject,
  ZodString,
  ZodType,
} from 'real-package/zod/index.js';

export const z = Object.freeze({
  array,
  coerce,
  config,
  email,
  enum: enum_,
  literal,
  looseObject,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  uuid,
  ZodObject,
  ZodString,
  ZodType,
});
export default z;
export { array, coerce, config, email, enum_ as enum, literal, looseObject, number, object, preprocess, record, string, union, uuid, ZodObject, ZodString, ZodType };
