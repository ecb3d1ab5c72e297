import pg from 'pg';
import type { DataSource } from 'typeorm';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * How a background worker (the outbox relay, the mail sender) sleeps between rounds: it LISTENs
 * on a Postgres channel on a connection of its own (reopened after a loss; the poll covers the
 * gaps) and waits until a NOTIFY, a `wake()` from its own process, its timer or `stop()`. A wake
 * that comes while the worker is busy ends its next wait at once: what woke it may have been
 * committed after its round looked (docs/adr/0061-events-keep-up.md).
 */
export class NotifyWaiter {
  private listener?: pg.Client;
  private wakeUp?: () => void;
  private woken = false;
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

  /** Ends the wait in progress, if it is wakeable, or else the next one. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Waits `ms`, or less when woken (`wakeable`; since the last wait too) or stopped. */
  async idle(ms: number, wakeable = true): Promise<void> {
    if (this.stopped) return;
    if (wakeable && this.woken) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = wakeable ? done : () => (this.stopped ? done() : undefined);
    });
    this.wakeUp = undefined;
    if (wakeable) this.woken = false;
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
