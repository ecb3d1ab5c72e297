import { Module } from '@nestjs/common';
import { shipmentCounter } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { CounterHandlers } from './counter.handlers.js';

/** Manage Shipment Counter (Head). */
@Module({ controllers: [resourceController(shipmentCounter, CounterHandlers)], providers: [CounterHandlers] })
export class CounterModule {}
