import { firstRow, query, type Db, type Query } from './named-sql.js';

/** Where a counter lives: its row (`name`) of a counter table, and the column of the numbers it gave. */
export interface CounterPlace {
  /** The counter table, schema-qualified (`shipment.counter`): columns `name` and `value`. */
  table: string;
  name: string;
  /** The table and column holding the numbers given (deleted rows too): a number is never given twice. */
  numbers: { table: string; column: string };
}

/**
 * One counter of numbers (job numbers, voucher numbers; ADR 28): its value is the last number
 * given. New rows take the next numbers with `take` in their own transaction, whose row lock,
 * held to the commit, orders the writers: no gap, no number twice. The counter may be set lower
 * than it is, never below the highest number in use, checked under the same lock (`set`).
 */
export class Counter {
  readonly queries: { current: Query; lock: Query; highest: Query; set: Query<{ value: number }>; take: Query<{ count: number }> };

  constructor(place: CounterPlace) {
    const row = `${place.table} WHERE name = '${place.name}'`;
    this.queries = {
      current: query(`SELECT value FROM ${row}`, {}),
      lock: query(`SELECT value FROM ${row} FOR UPDATE`, {}),
      highest: query(`SELECT coalesce(max(${place.numbers.column}), 0) AS highest FROM ${place.numbers.table}`, {}),
      set: query(`UPDATE ${place.table} SET value = :value WHERE name = '${place.name}'`, { value: 123 }),
      take: query(`UPDATE ${place.table} SET value = value + :count WHERE name = '${place.name}' RETURNING value`, { count: 2 }),
    };
  }

  /** The last number given. */
  async current(db: Db): Promise<number> {
    return Number((await firstRow<{ value: number }>(db, this.queries.current))!.value);
  }

  /** The first of `count` new numbers (the others follow it), in the caller's transaction, which holds the counter's lock until it ends. */
  async take(tx: Db, count: number): Promise<number> {
    const { value } = (await firstRow<{ value: number }>(tx, this.queries.take, { count }))!;
    return Number(value) - count + 1;
  }

  /**
   * Sets the counter in the caller's transaction, under its row lock; `refuse(highest)` is thrown
   * instead when a number above `value` is in use already.
   */
  async set(tx: Db, value: number, refuse: (highest: number) => Error): Promise<void> {
    await firstRow(tx, this.queries.lock);
    const { highest } = (await firstRow<{ highest: number }>(tx, this.queries.highest))!;
    if (value < Number(highest)) throw refuse(Number(highest));
    await firstRow(tx, this.queries.set, { value });
  }
}
