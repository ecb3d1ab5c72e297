// The names of zod's classic API that the web apps and the contracts they bundle use, each
// once: zod.js shares them both as named exports and as the `z` namespace. Read zod.js first.
export {
  array,
  coerce,
  config,
  email,
  enum,
  literal,
  looseObject,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  unknown,
  uuid,
  ZodObject,
  ZodString,
  ZodType,
} from 'real-package/zod/index.js';
