import { TimeoutError, createInbox, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';

/** NATS answered that no subscriber took the request: nothing received it, so it is safe to send again. */
export class NoRespondersError extends Error {
  constructor(subject: string) {
    super(`no responders on ${subject}`);
  }
}

interface Waiter {
  subject: string;
  resolve: (message: Msg) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Request and reply over one subscription of a connection (ADR 66): each request's reply subject is
 * the inbox and a number, and a reply settles the request of its number. What nats.js's own
 * `request` does too, without the error object with a stack trace it builds for every request that
 * succeeds (its `cancel` after the reply) and the promises raced against a timer per request.
 */
export class ReplyInbox {
  private readonly prefix = `${createInbox()}.`;
  private readonly waiting = new Map<string, Waiter>();
  private last = 0;

  constructor(private readonly connection: NatsConnection) {
    connection.subscribe(`${this.prefix}*`, {
      callback: (error, message) => {
        if (!error) this.settle(message);
      },
    });
    // A connection closed for good takes its replies with it.
    void connection.closed().then(() => this.endAll(new Error('connection closed')));
  }

  /** Sends `data` on `subject`; the reply, or TimeoutError after `timeoutMs`, or NoRespondersError. */
  request(subject: string, data: Uint8Array, headers: MsgHdrs, timeoutMs: number): Promise<Msg> {
    const token = String(++this.last);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        reject(new TimeoutError());
      }, timeoutMs);
      this.waiting.set(token, { subject, resolve, reject, timer });
      try {
        this.connection.publish(subject, data, { reply: `${this.prefix}${token}`, headers });
      } catch (error) {
        this.end(token, error as Error);
      }
    });
  }

  private settle(message: Msg): void {
    const token = message.subject.slice(this.prefix.length);
    const waiter = this.waiting.get(token);
    if (!waiter) return; // its caller stopped waiting
    this.waiting.delete(token);
    clearTimeout(waiter.timer);
    // A status without data is NATS's own answer: no subscriber took the request.
    if (message.data.length === 0 && message.headers?.code === 503) waiter.reject(new NoRespondersError(waiter.subject));
    else waiter.resolve(message);
  }

  private end(token: string, error: Error): void {
    const waiter = this.waiting.get(token);
    if (!waiter) return;
    this.waiting.delete(token);
    clearTimeout(waiter.timer);
    waiter.reject(error);
  }

  private endAll(error: Error): void {
    for (const token of [...this.waiting.keys()]) this.end(token, error);
  }
}
