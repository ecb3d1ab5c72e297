import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { shippers } from '@freight/contracts';
import { DataSource } from 'typeorm';
import { ClientRepository } from '../clients/client.repository.js';
import { ShipperEntity } from './shipper.entity.js';

/** directory.shipper: a client table (ClientRepository) with nothing of its own. */
@Injectable()
export class ShipperRepository extends ClientRepository<ShipperEntity, (typeof shippers.sortFields)[number]> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, ShipperEntity, 'shipper', 's');
  }
}
