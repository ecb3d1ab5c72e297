import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountsTexts, voucherCounter, voucherCounterCollides, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { Counter } from '@freight/server-database';
import { DataSource } from 'typeorm';

type Handlers = ResourceHandlers<typeof voucherCounter>;

/**
 * The voucher counter (requirements 02 §7, requirements decisions §3): the last voucher number given. It may be set
 * lower than it is, never below the highest voucher number in use (deleted credits count: a number
 * is never given twice), checked under the counter's row lock, which every new credit takes too.
 */
@Injectable()
export class VoucherHandlers implements Handlers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly counter: Counter,
  ) {}

  async get() {
    return { counter: await this.counter.current(this.db) };
  }

  set({ body }: Parameters<Handlers['set']>[0]) {
    return this.db.transaction(async (tx) => {
      await this.counter.set(tx, body.newCounterValue, (highest) => new AppError('CONFLICT', voucherCounterCollides(highest)));
      return { counter: body.newCounterValue, message: AccountsTexts.voucherUpdated };
    });
  }
}
