import { createIdempotencyTable, dropIdempotencyTable } from '@freight/server-database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The schema's first migration: answered Idempotency-Keys of the job creations (ADR 12). */
export class ShipmentInit1796200000000 implements MigrationInterface {
  name = 'ShipmentInit1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await createIdempotencyTable(q, 'shipment');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIdempotencyTable(q, 'shipment');
  }
}
