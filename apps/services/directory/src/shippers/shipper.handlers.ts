import { Inject, Injectable } from '@nestjs/common';
import { shippers, type ResourceHandlers, type Shipper, type ShipperCreate, type ShipperUpdate } from '@freight/contracts';
import { AppError } from '@freight/server';
import { MasterDataHandlers } from '@freight/server-database';
import { clientChanges, clientUsernameTaken, passwordValues } from '../clients/client-rules.js';
import { toShipper, type ShipperEntity } from './shipper.entity.js';
import { ShipperRepository } from './shipper.repository.js';

/** Shippers on the master-data base: a client sign-in (password hashed before the transaction, username shared with consignees and read-only). */
@Injectable()
export class ShipperHandlers extends MasterDataHandlers<typeof shippers, ShipperEntity, Shipper> implements ResourceHandlers<typeof shippers> {
  constructor(@Inject(ShipperRepository) private readonly store: ShipperRepository) {
    super(shippers, store);
  }

  async unique(): Promise<string[]> {
    return this.store.names();
  }

  protected toRecord(row: ShipperEntity): Shipper {
    return toShipper(row);
  }

  protected override prepare(body: ShipperCreate | ShipperUpdate) {
    return passwordValues('updateData' in body ? body.updateData.password : body.password);
  }

  protected newRow({ password: _, ...fields }: ShipperCreate) {
    return fields;
  }

  /** What the edit sends; absent fields (the password, address, mobile, remarks) stay; the username stays (judgeClientEdit). */
  protected changes({ updateData }: ShipperUpdate, row: ShipperEntity) {
    return clientChanges(row, updateData);
  }

  protected taken(property: keyof ShipperEntity, values: Partial<ShipperEntity>): AppError {
    if (property === 'username') return clientUsernameTaken(values.username);
    const message = `Shipper '${values.shipperName}' already exists`;
    return new AppError('CONFLICT', message, { shipperName: message });
  }
}
