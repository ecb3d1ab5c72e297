/**
 * @jest-environment node
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveJobEvent } from '@freight/contracts';
import { SseParser, backoffDelay, connectLiveJobs } from './live-jobs.js';

describe('SseParser', () => {
  it('splits events across chunks, joins data lines, skips comments and keeps an unfinished end', () => {
    const parser = new SseParser();
    expect(parser.push(': keep-alive\n\nevent: job\ndata: {"a"')).toEqual([]);
    expect(parser.push(':1}\n\nevent: ready\r\ndata: {}\r\n\r\ndata: one\ndata: two\n\nevent: jo')).toEqual([
      { event: 'job', data: '{"a":1}' },
      { event: 'ready', data: '{}' },
      { event: 'message', data: 'one\ntwo' },
    ]);
    expect(parser.push('b\ndata: x\n\n')).toEqual([{ event: 'job', data: 'x' }]);
  });

  it('keeps the reconnect hint (retry:) and passes on no event for it', () => {
    const parser = new SseParser();
    expect(parser.retryMs).toBeUndefined();
    expect(parser.push('retry: 500\n\nretry: soon\n\n')).toEqual([]);
    expect(parser.retryMs).toBe(500);
  });

  it('keeps the last event id (id:), as EventSource does', () => {
    const parser = new SseParser();
    expect(parser.push('id: 41\nevent: job\ndata: {}\n\nid: 42\n\n')).toEqual([{ event: 'job', data: '{}' }]);
    expect(parser.lastEventId).toBe('42');
  });
});

describe('backoffDelay', () => {
  it('waits 1 s, doubling to 30 s, plus at most a quarter at random', () => {
    expect([1, 2, 3, 5, 6, 12].map((attempt) => backoffDelay(attempt, () => 0))).toEqual([1000, 2000, 4000, 16_000, 30_000, 30_000]);
    expect(backoffDelay(1, () => 0.999)).toBe(1250);
    expect(backoffDelay(20, () => 0.999)).toBe(37_493);
  });
});

describe('connectLiveJobs against a real HTTP server', () => {
  type Handler = (request: IncomingMessage, response: ServerResponse) => void;
  const handlers: Handler[] = [];
  const seen: { url: string; authorization?: string; lastEventId?: string }[] = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization, lastEventId: request.headers['last-event-id'] as string | undefined });
    const handler = handlers.shift();
    if (handler) handler(request, response);
    else response.writeHead(500).end();
  });
  let url = '';
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/shipments/live`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const stream =
    (events: string[], end: boolean): Handler =>
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of events) response.write(event);
      if (end) response.end();
    };
  const waitUntil = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check()).toBe(true);
  };

  it('hands on job events, sends the token as a header only, reconnects after a break (reloading once) and stops for good on 401', async () => {
    const jobs: LiveJobEvent[] = [];
    const opens: boolean[] = [];
    let unauthorized = 0;
    handlers.push(
      stream(['event: ready\ndata: {}\n\n', 'event: job\ndata: {"change":"updated","jobNo":"IMP-000001"}\n\n'], true),
      (_request, response) => response.writeHead(503).end(),
      stream(['event: ready\ndata: {}\n\n', ': keep-alive\n\nevent: job\ndata: {"change":"created","jobNo":"EXP-000002"}\n\n'], true),
      (_request, response) => response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Session expired"}'),
    );
    const delays: number[] = [];
    const live = connectLiveJobs({
      token: 'secret-token',
      url,
      onJob: (event) => jobs.push(event),
      onOpen: (reconnected) => opens.push(reconnected),
      onUnauthorized: () => unauthorized++,
      delay: (attempt) => {
        delays.push(attempt);
        return 10;
      },
    });
    await waitUntil(() => unauthorized === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    live.close();

    expect(jobs).toEqual([
      { change: 'updated', jobNo: 'IMP-000001' },
      { change: 'created', jobNo: 'EXP-000002' },
    ]);
    expect(opens).toEqual([false, true]);
    // The failure count grows over the 503 and starts again once a stream opened.
    expect(delays).toEqual([1, 2, 1]);
    expect(seen).toHaveLength(4);
    expect(seen.every((request) => request.authorization === 'Bearer secret-token' && !request.url.includes('secret'))).toBe(true);
  });

  it("reconnects after the server's retry hint, not its own back-off, and reloads then", async () => {
    seen.length = 0;
    handlers.push(stream(['event: ready\ndata: {}\n\n', 'retry: 50\n\n'], true), stream(['event: ready\ndata: {}\n\n'], false));
    const opens: boolean[] = [];
    const delays: number[] = [];
    const live = connectLiveJobs({
      token: 't',
      url,
      onJob: () => undefined,
      onOpen: (reconnected) => opens.push(reconnected),
      delay: (attempt) => {
        delays.push(attempt);
        return 10;
      },
    });
    await waitUntil(() => opens.length === 2);
    live.close();
    expect(opens).toEqual([false, true]);
    expect(delays).toEqual([]);
    expect(seen).toHaveLength(2);
  });

  it('reconnects with the last event id as Last-Event-ID, and reloads only when the server could not resume', async () => {
    seen.length = 0;
    handlers.push(
      stream(['id: 7\nevent: ready\ndata: {"resumed":false}\n\n', 'id: 9\nevent: job\ndata: {"change":"created","jobNo":"IMP-000009"}\n\nretry: 10\n\n'], true),
      stream(['event: ready\ndata: {"resumed":true}\n\n', 'retry: 10\n\n'], true),
      stream(['id: 30\nevent: ready\ndata: {"resumed":false}\n\n'], false),
    );
    const opens: boolean[] = [];
    const live = connectLiveJobs({ token: 't', url, onJob: () => undefined, onOpen: (reconnected) => opens.push(reconnected), delay: () => 10 });
    await waitUntil(() => opens.length === 3);
    live.close();
    expect(seen.map((request) => request.lastEventId)).toEqual([undefined, '9', '9']);
    expect(opens).toEqual([false, false, true]);
  });

  it('close() ends an open stream and schedules nothing more', async () => {
    seen.length = 0;
    handlers.push(stream(['event: ready\ndata: {}\n\n'], false));
    let opened = false;
    const live = connectLiveJobs({ token: 't', url, onJob: () => undefined, onOpen: () => (opened = true), delay: () => 10 });
    await waitUntil(() => opened);
    live.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(1);
  });
});
