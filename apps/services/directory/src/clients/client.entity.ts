import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '@freight/server-database';

/** The columns every client table (consignee, shipper) has: its contact and the client's credentials. */
export abstract class ClientEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  username!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  /** Raised by a new password: the client's tokens stop working. */
  @Column('integer', { name: 'session_version', default: 1 })
  sessionVersion!: number;

  @Column('text')
  email!: string;

  @Column('text')
  address!: string;

  @Column('text')
  mobile!: string;

  @Column('text', { name: 'handling_person_name' })
  handlingPersonName!: string;

  @Column('text')
  remarks!: string;
}
