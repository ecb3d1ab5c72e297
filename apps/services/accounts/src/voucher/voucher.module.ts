import { Module } from '@nestjs/common';
import { voucherCounter as voucherCounterResource } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { Counter } from '@freight/server-database';
import { VoucherHandlers } from './voucher.handlers.js';
import { voucherCounter } from './voucher.repository.js';

/** Manage Voucher Counter (Head). */
@Module({
  controllers: [resourceController(voucherCounterResource, VoucherHandlers)],
  providers: [VoucherHandlers, { provide: Counter, useValue: voucherCounter }],
})
export class VoucherModule {}
