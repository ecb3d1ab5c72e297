import { Inject, Injectable } from '@nestjs/common';
import { shippers, type ResourceHandlers, type Shipper } from '@freight/contracts';
import { ClientHandlers } from '../clients/client.handlers.js';
import { toShipper, type ShipperEntity } from './shipper.entity.js';
import { ShipperRepository } from './shipper.repository.js';

/** Shippers: clients (ClientHandlers) with nothing of their own beyond their record. */
@Injectable()
export class ShipperHandlers extends ClientHandlers<typeof shippers, ShipperEntity, Shipper> implements ResourceHandlers<typeof shippers> {
  constructor(@Inject(ShipperRepository) store: ShipperRepository) {
    super(shippers, store, { field: 'shipperName', label: 'Shipper' });
  }

  protected toRecord(row: ShipperEntity): Shipper {
    return toShipper(row);
  }
}
