// Everything that needs TypeORM or the Postgres driver, apart from @freight/server so that
// processes holding no data (the gateway) never load either.
export * from './database.js';
export * from './audited.entity.js';
export * from './health.js';
export * from './write-transaction.js';
export * from './idempotency.js';
export * from './outbox.js';
export * from './outbox.module.js';
export * from './event-consumer.js';
export * from './record-copy.js';
export * from './event-feeds.js';
export * from './entity-repository.js';
export * from './master-data.handlers.js';
export * from './in-memory-repository.js';
export * from './master-data-module.js';
export * from './service-entries.js';
export * from './notify-waiter.js';
export * from './address-limit.js';
export * from './named-sql.js';
export * from './counter.js';
