export * from './config.js';
export * from './errors.js';
export * from './validation.js';
export * from './nats.js';
export * from './gateway-signature.js';
export * from './logging.js';
export * from './bootstrap.js';
export * from './resource-controller.js';
