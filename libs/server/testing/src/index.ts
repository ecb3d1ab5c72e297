export * from './database.js';
export * from './nats.js';
export * from './spawn.js';
export * from './tcp-proxy.js';
export * from './services.js';
export * from './users.js';
export * from './clients.js';
