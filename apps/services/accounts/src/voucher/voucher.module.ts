import { Module } from '@nestjs/common';
import { voucherCounter } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { VoucherHandlers } from './voucher.handlers.js';

/** Manage Voucher Counter (Head). */
@Module({ controllers: [resourceController(voucherCounter, VoucherHandlers)], providers: [VoucherHandlers] })
export class VoucherModule {}
