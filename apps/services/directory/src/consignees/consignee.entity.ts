import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '@freight/server-database';
import type { Consignee } from '@freight/contracts';

/** directory.consignee: one property per field of the definition, named as the field; the client's credentials; money as numeric (a string). */
@Entity({ name: 'consignee', schema: 'directory' })
export class ConsigneeEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text', { name: 'consignee_name' })
  consigneeName!: string;

  @Column('text')
  username!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  /** Raised by a new password: the client's tokens stop working. */
  @Column('integer', { name: 'session_version', default: 1 })
  sessionVersion!: number;

  @Column('text')
  email!: string;

  @Column('text', { name: 'additional_emails', array: true, default: () => `'{}'` })
  additionalEmails!: string[];

  @Column('text')
  address!: string;

  @Column('text')
  mobile!: string;

  @Column('text', { name: 'handling_person_name' })
  handlingPersonName!: string;

  @Column('text')
  remarks!: string;

  @Column('numeric', { name: 'opening_balance', precision: 14, scale: 2 })
  openingBalance!: string;
}

/** The public shape: never the password's hash. */
export function toConsignee(row: ConsigneeEntity): Consignee {
  const { id, consigneeName, username, email, additionalEmails, address, mobile, handlingPersonName, remarks, openingBalance } = row;
  // Until the accounts service keeps the ledger, what is owed is the opening balance (DECISIONS §3).
  return { consignee_id: id, consigneeName, username, email, additionalEmails, address, mobile, handlingPersonName, remarks, openingBalance, currentBalance: openingBalance };
}
