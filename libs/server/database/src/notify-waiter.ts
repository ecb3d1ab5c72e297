import pg from 'pg';
import type { DataSource } from 'typeorm';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * How a background worker (the outbox relay, the mail sender) sleeps between rounds: it LISTENs
 * on a Postgres channel on a connection of its own (reopened after a loss; the poll covers the
 * gaps) and waits until a NOTIFY, a `wake()` from its own process, its timer or `stop()`.
 */
export class NotifyWaiter {
  private listener?: pg.Client;
  private wakeUp?: () => void;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly channel: string,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Listens, unless already listening. Throws while Postgres is unreachable. */
  async listen(): Promise<void> {
    if (this.listener) return;
    const url = (this.dataSource.options as { url?: string }).url;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => this.wake());
    client.on('error', () => {
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
    });
    await client.connect();
    await client.query(`LISTEN ${quoteIdent(this.channel)}`);
    this.listener = client;
  }

  /** Ends the wait in progress, if it is wakeable. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Waits `ms`, or less when woken (`wakeable`) or stopped. */
  async idle(ms: number, wakeable = true): Promise<void> {
    if (this.stopped) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = wakeable ? done : () => (this.stopped ? done() : undefined);
    });
    this.wakeUp = undefined;
  }

  /** Ends any wait for good; `close()` then drops the connection. */
  stop(): void {
    this.stopped = true;
    this.wakeUp?.();
  }

  async close(): Promise<void> {
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }
}
