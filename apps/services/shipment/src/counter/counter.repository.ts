import { Counter, type QueryFile } from '@freight/server-database';

/** The one shipment counter (ADR 28): the last job number given; numbers in use are the jobs' (deleted ones too). */
export const shipmentCounter = new Counter({ table: 'shipment.counter', name: 'shipment', numbers: { table: 'shipment.job', column: 'job_number' } });

export const COUNTER_QUERY_FILE: QueryFile = { file: 'counter/queries/counter.repository.sql', queries: shipmentCounter.queries };
