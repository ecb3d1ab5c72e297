import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '@freight/server-database';
import type { Shipper } from '@freight/contracts';

/** directory.shipper: one property per field of the definition, named as the field, and the client's credentials. */
@Entity({ name: 'shipper', schema: 'directory' })
export class ShipperEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text', { name: 'shipper_name' })
  shipperName!: string;

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

/** The public shape: never the password's hash. */
export function toShipper({ id, shipperName, username, email, address, mobile, handlingPersonName, remarks }: ShipperEntity): Shipper {
  return { shipper_id: id, shipperName, username, email, address, mobile, handlingPersonName, remarks };
}
