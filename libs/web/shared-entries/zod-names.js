// The names of zod's classic API that the web apps and the contracts they bundle use, each
// once: zod.js shares them both as named exports and as the `z` namespace. Read zod.js first.
export {
  array,
  coerce,
  config,
  email,
  enum,
  literal,
  number,
  object,
  preprocess,
  record,
  string,
  unknown,
  uuid,
  ZodObject,
  ZodString,
  ZodType,
} from 'real-package/zod/index.js';
