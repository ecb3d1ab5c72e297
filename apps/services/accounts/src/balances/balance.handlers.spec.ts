import { AccountsTexts, Messages, type Actor, type ClientActor, type ConsigneeBalance } from '@freight/contracts';
import { JsonReply } from '@freight/server';
import type { DataSource } from 'typeorm';
import type { ConsigneeRepository } from '../ledger/consignee.repository.js';
import { BalanceHandlers } from './balance.handlers.js';

// The balance rules on the repository seam: the consignees table replaced by a plain object, no database.

const ACME = '00000000-0000-4000-8000-0000000000c1';
const OTHER = '00000000-0000-4000-8000-0000000000c2';
const balanceOf = (id: string): ConsigneeBalance => ({
  consignee_id: id,
  consigneeName: id === ACME ? 'Acme' : 'Other',
  openingBalance: '100.00',
  totalDebit: '50.00',
  totalCredit: '30.00',
  balance: '120.00',
  updatedAt: '2026-11-27T09:00:00.000Z',
});
const head: Actor = { id: '00000000-0000-4000-8000-0000000000a1', username: 'head', role: 'Head' };
const acme = { id: ACME, username: 'acme', role: 'consignee' } as ClientActor;

let asked: string[][];
let handlers: BalanceHandlers;

beforeEach(() => {
  asked = [];
  const consignees = {
    balanceReply: async (_db: unknown, id: string) => {
      asked.push([id]);
      return id === ACME || id === OTHER ? JSON.stringify({ success: true, balance: balanceOf(id) }) : undefined;
    },
    balances: async (_db: unknown, ids: string[]) => {
      asked.push(ids);
      return ids.map(balanceOf);
    },
  } as unknown as ConsigneeRepository;
  handlers = new BalanceHandlers({} as DataSource, consignees);
});

describe("a consignee's balance", () => {
  it('is read by staff and by the consignee themself, answered as the JSON the table gave', async () => {
    const reply = async (actor: object, id: string) => {
      const answer = await handlers.balance({ actor, params: { consignee_id: id } } as never);
      expect(answer).toBeInstanceOf(JsonReply);
      return (answer as JsonReply).value();
    };
    await expect(reply(head, OTHER)).resolves.toEqual({ success: true, balance: balanceOf(OTHER) });
    await expect(reply(acme, ACME)).resolves.toEqual({ success: true, balance: balanceOf(ACME) });
  });

  it("is refused to a consignee asking for another's, before anything is read", async () => {
    await expect(handlers.balance({ actor: acme, params: { consignee_id: OTHER } } as never)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: Messages.forbidden,
    });
    expect(asked).toEqual([]);
  });

  it('is a 404 for an unknown consignee, and for an id that is none without asking the table', async () => {
    const missing = '00000000-0000-4000-8000-0000000000ff';
    for (const id of [missing, 'not-an-id']) {
      await expect(handlers.balance({ actor: head, params: { consignee_id: id } } as never)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: AccountsTexts.consigneeNotFound,
      });
    }
    expect(asked).toEqual([[missing]]);
  });

  it('is read for the ids of a page at once, those that are none left out', async () => {
    const reply = await handlers.balances({ actor: head, query: { consignee_ids: [ACME, 'x', OTHER] } } as never);
    expect(reply.balances.map((balance) => balance.consignee_id)).toEqual([ACME, OTHER]);
    expect(asked).toEqual([[ACME, OTHER]]);
  });
});
