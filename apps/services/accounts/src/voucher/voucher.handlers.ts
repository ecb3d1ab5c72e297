import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountsTexts, voucherCounter, voucherCounterCollides, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { DataSource } from 'typeorm';

type Handlers = ResourceHandlers<typeof voucherCounter>;

/**
 * The voucher counter (spec 02 §7, DECISIONS §3): the last voucher number given. It may be set
 * lower than it is, never below the highest voucher number in use (deleted credits count: a number
 * is never given twice), checked under the counter's row lock, which every new credit takes too.
 */
@Injectable()
export class VoucherHandlers implements Handlers {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async get() {
    const [{ value }] = (await this.db.query(`SELECT value FROM accounts.voucher_counter WHERE name = 'voucher'`)) as [{ value: number }];
    return { counter: value };
  }

  set({ body }: Parameters<Handlers['set']>[0]) {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT value FROM accounts.voucher_counter WHERE name = 'voucher' FOR UPDATE`);
      const [{ highest }] = (await tx.query(`SELECT coalesce(max(credit_sr), 0) AS highest FROM accounts.credit`)) as [{ highest: number }];
      if (body.newCounterValue < highest) throw new AppError('CONFLICT', voucherCounterCollides(highest));
      await tx.query(`UPDATE accounts.voucher_counter SET value = $1 WHERE name = 'voucher'`, [body.newCounterValue]);
      return { counter: body.newCounterValue, message: AccountsTexts.voucherUpdated };
    });
  }
}
