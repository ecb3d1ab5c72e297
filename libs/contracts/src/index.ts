export * from './roles.js';
export * from './permissions.js';
export * from './menu.js';
export * from './errors.js';
export * from './list.js';
export * from './fields.js';
export { loadPasswordEstimator } from './password-strength.js';
export * from './services.js';
export * from './resource.js';
export * from './master-data.js';
export * from './directory/user.resource.js';
export * from './directory/branch.resource.js';
// new:resource exports
export * from './resources.js';
export * from './common.js';
export * from './subjects.js';
export * from './session.js';
export * from './idempotency.js';
export * from './api.js';
