import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CounterTexts, counterCollides, shipmentCounter, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { DataSource } from 'typeorm';

type Handlers = ResourceHandlers<typeof shipmentCounter>;

/**
 * The shipment counter (spec 02 §7, DECISIONS §3): the last job number given; the next job gets
 * the next number. It may be set lower than it is, but never below the highest number a job has
 * (deleted jobs count: a number is never given twice), checked under the counter's row lock, so
 * no creation slips in between.
 */
@Injectable()
export class CounterHandlers implements Handlers {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async get() {
    const [{ value }] = (await this.db.query(`SELECT value FROM shipment.counter WHERE name = 'shipment'`)) as [{ value: number }];
    return { counter: value };
  }

  set({ body }: Parameters<Handlers['set']>[0]) {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT value FROM shipment.counter WHERE name = 'shipment' FOR UPDATE`);
      const [{ highest }] = (await tx.query(`SELECT coalesce(max(job_number), 0) AS highest FROM shipment.job`)) as [{ highest: number }];
      if (body.newCounterValue < highest) throw new AppError('CONFLICT', counterCollides(highest));
      await tx.query(`UPDATE shipment.counter SET value = $1 WHERE name = 'shipment'`, [body.newCounterValue]);
      return { counter: body.newCounterValue, message: CounterTexts.updated };
    });
  }
}
