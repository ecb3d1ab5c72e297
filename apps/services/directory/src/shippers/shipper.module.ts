import { Module } from '@nestjs/common';
import { shippers } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { ShipperHandlers } from './shipper.handlers.js';
import { ShipperRepository } from './shipper.repository.js';

/** directory.shipper.*: one validated NATS handler per operation of the definition. */
@Module({ controllers: [resourceController(shippers, ShipperHandlers)], providers: [ShipperRepository, ShipperHandlers], exports: [ShipperRepository] })
export class ShipperModule {}
