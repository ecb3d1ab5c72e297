import { LIVE_JOB_EVENT, LIVE_READY_EVENT, api, type LiveJobEvent, type LiveReady } from '@freight/contracts';
import { apiUrl } from '@freight/web-session';

/** One server-sent event: its name (`message` when none is given) and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Splits a server-sent event stream as it arrives (the text/event-stream format: `field: value`
 * lines, events ended by a blank line, `:` comments). Keeps the unfinished end between chunks.
 */
export class SseParser {
  private buffer = '';
  /** The last `retry:` field: how long the server asks the client to wait before it reconnects (ms). */
  retryMs?: number;
  /** The last `id:` field: sent back as `Last-Event-ID` on reconnecting, as EventSource does. */
  lastEventId?: string;

  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    const blocks = this.buffer.split(/\r?\n\r?\n/);
    this.buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
        else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
      }
      if (data.length > 0 || event !== 'message') events.push({ event, data: data.join('\n') });
    }
    return events;
  }
}

/** Reconnect waits: 1 s, doubling to 30 s, each with up to a quarter more at random (so tabs do not reconnect in step). */
export const LIVE_BACKOFF = { firstMs: 1000, maxMs: 30_000 } as const;

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LIVE_BACKOFF.maxMs, LIVE_BACKOFF.firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + random() / 4));
}

export interface LiveJobsOptions {
  /** The session's token, sent as the Authorization header (never in the URL). */
  token: string;
  /** A job the caller may see changed. */
  onJob: (event: LiveJobEvent) => void;
  /** The stream is (again) open: `reconnected` after a break the server could not replay (changes may have been missed). */
  onOpen?: (reconnected: boolean) => void;
  /** The server refused the token (401): the session is over; no more attempts. */
  onUnauthorized?: () => void;
  /** Where the stream is (default: the contract's path under the API base). */
  url?: string;
  /** Waits between attempts (tests make them short). */
  delay?: (attempt: number) => number;
}

/**
 * Listens to `GET /api/shipments/live` until `close()`: with fetch's streamed body rather than
 * EventSource, which cannot send an Authorization header (and a token in the URL would end up in
 * logs). Reconnects after any break with a growing wait (LIVE_BACKOFF), reset once a stream is open,
 * sending the last event's id as `Last-Event-ID` (as EventSource does) so the server replays what
 * was missed; stops for good on 401 (the session ended) and 403 (not allowed to read jobs).
 */
export function connectLiveJobs(options: LiveJobsOptions): { close: () => void } {
  const controller = new AbortController();
  const delay = options.delay ?? ((attempt: number) => backoffDelay(attempt));
  let opened = false;
  let failures = 0;
  /** The id of the last event heard, over every attempt. */
  let lastEventId: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** The next attempt after the usual wait, or after the server's reconnect hint (a draining gateway's, with up to a quarter more at random). */
  const retry = (hintMs?: number) => {
    if (controller.signal.aborted) return;
    failures += 1;
    timer = setTimeout(() => void attempt(), hintMs === undefined ? delay(failures) : Math.round(hintMs * (1 + Math.random() / 4)));
  };

  const attempt = async (): Promise<void> => {
    let response: Response;
    try {
      response = await fetch(options.url ?? apiUrl(api.shipmentsLive.path), {
        headers: { Authorization: `Bearer ${options.token}`, Accept: 'text/event-stream', ...(lastEventId !== undefined && { 'Last-Event-ID': lastEventId }) },
        signal: controller.signal,
        cache: 'no-store',
      });
    } catch {
      retry();
      return;
    }
    if (response.status === 401) {
      await response.body?.cancel();
      options.onUnauthorized?.();
      return;
    }
    if (response.status === 403) {
      await response.body?.cancel();
      return;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      retry();
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = new SseParser();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const { event, data } of parser.push(value)) {
          lastEventId = parser.lastEventId ?? lastEventId;
          if (event === LIVE_READY_EVENT) {
            let ready: Partial<LiveReady> = {};
            try {
              ready = JSON.parse(data) as LiveReady;
            } catch {
              // an older gateway's `{}`
            }
            options.onOpen?.(opened && ready.resumed !== true);
            opened = true;
            failures = 0;
          } else if (event === LIVE_JOB_EVENT) {
            try {
              options.onJob(JSON.parse(data) as LiveJobEvent);
            } catch {
              // not an event of ours: ignored
            }
          }
        }
      }
    } catch {
      // the network dropped, or close() aborted the read
    }
    // The server ended the stream (its session check, a restart: with a hint when to come back) or the network did: try again; a 401 then ends it.
    retry(parser.retryMs);
  };

  void attempt();
  return {
    close: () => {
      clearTimeout(timer);
      controller.abort();
    },
  };
}
