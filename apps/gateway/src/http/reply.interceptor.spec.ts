import { lastValueFrom, of } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { AppError, JsonReply } from '@freight/server';
import { ContractReplyInterceptor } from './reply.interceptor.js';
import { Route } from './route.decorator.js';

// The interceptor on one class: a JSON reply leaves as its bytes; with CHECK_JSON_REPLIES it must be
// exactly its contract (docs/adr/0059-json-replies-passed-as-bytes.md); an object reply is parsed as ever.

class Handlers {
  @Route('shipmentsTrackShipment')
  track() {}
  @Route('shipmentsListBookings')
  list() {}
}

const tracking = {
  blNo: 'MEDU1',
  containerNo: '',
  Vesselname: 'MSC',
  originPort: 'Shanghai',
  statusOfShipment: null,
  etd: null,
  eta: null,
  warehouseArrivalDate: null,
  doIssue: null,
  deStuff: null,
  history: [{ status: 'Arrived', date: '2026-12-01T10:00:00.000Z' }],
};

function run(check: boolean, handler: 'track' | 'list', data: unknown) {
  const headers: Record<string, string> = {};
  const context = {
    getHandler: () => Handlers.prototype[handler],
    switchToHttp: () => ({ getResponse: () => ({ header: (name: string, value: string) => (headers[name] = value) }) }),
  } as unknown as ExecutionContext;
  const next: CallHandler = { handle: () => of(data) };
  const sent = lastValueFrom(new ContractReplyInterceptor({ CHECK_JSON_REPLIES: check }).intercept(context, next));
  return { sent, headers };
}

describe('ContractReplyInterceptor and JSON replies', () => {
  it('sends a JSON reply as its bytes, as JSON', async () => {
    const json = JSON.stringify(tracking);
    const { sent, headers } = run(true, 'track', new JsonReply(json));
    expect(Buffer.isBuffer(await sent)).toBe(true);
    expect(((await sent) as Buffer).toString()).toBe(json);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('checks a page by its rows (the total travels beside them)', async () => {
    const { sent } = run(true, 'list', new JsonReply('[]', 0));
    expect(((await sent) as Buffer).toString()).toBe('[]');
  });

  it.each([
    ['a field the contract does not list', { ...tracking, passwordHash: 'x' }],
    ['a missing field', { ...tracking, history: undefined }],
    ['a wrong type', { ...tracking, etd: 20261201 }],
  ])('fails a JSON reply with %s as INTERNAL when checking', async (_, reply) => {
    await expect(run(true, 'track', new JsonReply(JSON.stringify(reply))).sent).rejects.toBeInstanceOf(AppError);
  });

  it('passes the bytes unread when not checking (production: the tests have proven each such reply)', async () => {
    const json = JSON.stringify({ ...tracking, extra: 1 });
    expect(((await run(false, 'track', new JsonReply(json)).sent) as Buffer).toString()).toBe(json);
  });

  it('still strips what an object reply carries beyond its contract', async () => {
    await expect(run(false, 'track', { ...tracking, passwordHash: 'x' }).sent).resolves.toEqual(tracking);
  });
});
