import { AccountsTexts, voucherCounterCollides } from '@freight/contracts';
import type { Counter } from '@freight/server-database';
import type { DataSource } from 'typeorm';
import { VoucherHandlers } from './voucher.handlers.js';

// Manage Voucher Counter on the repository seam: the counter replaced by a plain object that keeps
// its value and the highest voucher number in use, as the table would.

let value: number;
let handlers: VoucherHandlers;
const HIGHEST_IN_USE = 40;

beforeEach(() => {
  value = 45;
  const counter = {
    current: async () => value,
    set: async (_tx: unknown, next: number, refuse: (highest: number) => Error) => {
      if (next < HIGHEST_IN_USE) throw refuse(HIGHEST_IN_USE);
      value = next;
    },
  } as unknown as Counter;
  const db = { transaction: (work: (tx: unknown) => unknown) => work({}) } as unknown as DataSource;
  handlers = new VoucherHandlers(db, counter);
});

describe('the voucher counter', () => {
  it('answers the last voucher number given', async () => {
    await expect(handlers.get()).resolves.toEqual({ counter: 45 });
  });

  it('may be set lower, down to the highest number in use', async () => {
    await expect(handlers.set({ body: { newCounterValue: 40 } } as never)).resolves.toEqual({ counter: 40, message: AccountsTexts.voucherUpdated });
    expect(value).toBe(40);
  });

  it('is never set below a number in use: a 409 that names it', async () => {
    await expect(handlers.set({ body: { newCounterValue: 39 } } as never)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: voucherCounterCollides(HIGHEST_IN_USE),
    });
    expect(value).toBe(45);
  });
});
