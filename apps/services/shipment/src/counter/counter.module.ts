import { Module } from '@nestjs/common';
import { shipmentCounter as shipmentCounterResource } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { Counter } from '@freight/server-database';
import { CounterHandlers } from './counter.handlers.js';
import { shipmentCounter } from './counter.repository.js';

/** Manage Shipment Counter (Head). */
@Module({
  controllers: [resourceController(shipmentCounterResource, CounterHandlers)],
  providers: [CounterHandlers, { provide: Counter, useValue: shipmentCounter }],
})
export class CounterModule {}
