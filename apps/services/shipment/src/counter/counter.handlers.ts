import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CounterTexts, counterCollides, shipmentCounter, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { Counter } from '@freight/server-database';
import { DataSource } from 'typeorm';

type Handlers = ResourceHandlers<typeof shipmentCounter>;

/**
 * The shipment counter (requirements 02 §7, requirements decisions §3): the last job number given; the next job gets
 * the next number. It may be set lower than it is, but never below the highest number a job has
 * (deleted jobs count: a number is never given twice), checked under the counter's row lock, so
 * no creation slips in between.
 */
@Injectable()
export class CounterHandlers implements Handlers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly counter: Counter,
  ) {}

  async get() {
    return { counter: await this.counter.current(this.db) };
  }

  set({ body }: Parameters<Handlers['set']>[0]) {
    return this.db.transaction(async (tx) => {
      await this.counter.set(tx, body.newCounterValue, (highest) => new AppError('CONFLICT', counterCollides(highest)));
      return { counter: body.newCounterValue, message: CounterTexts.updated };
    });
  }
}
