import { Column, Entity } from 'typeorm';
import type { Shipper } from '@freight/contracts';
import { ClientEntity } from '../clients/client.entity.js';

/** directory.shipper: a client (ClientEntity) with its name. */
@Entity({ name: 'shipper', schema: 'directory' })
export class ShipperEntity extends ClientEntity {
  @Column('text', { name: 'shipper_name' })
  shipperName!: string;
}

/** The public shape: never the password's hash. */
export function toShipper({ id, shipperName, username, email, address, mobile, handlingPersonName, remarks }: ShipperEntity): Shipper {
  return { shipper_id: id, shipperName, username, email, address, mobile, handlingPersonName, remarks };
}
