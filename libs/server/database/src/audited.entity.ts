import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** AuditedEntity's columns as a migration's CREATE TABLE lists them. */
export const AUDIT_COLUMNS_SQL =
  'created_at timestamptz NOT NULL DEFAULT now(), created_by uuid, updated_at timestamptz NOT NULL DEFAULT now(), updated_by uuid';

/** Who created and last changed a row, and when: every service's tables carry these columns. */
export abstract class AuditedEntity {
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column('uuid', { name: 'updated_by', nullable: true })
  updatedBy!: string | null;
}
