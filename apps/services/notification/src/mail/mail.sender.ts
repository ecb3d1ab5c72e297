import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { NotifyWaiter } from '@freight/server-database';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { NotificationConfig } from '../config.js';
import { MailRepository, type ClaimedMail } from './mail.repository.js';

export const MAIL_CONFIG = Symbol('MailConfig');
export type MailConfig = Pick<
  NotificationConfig,
  'SMTP_URL' | 'MAIL_FROM' | 'MAIL_SMTP_CONNECTIONS' | 'MAIL_RETRY_BASE_MS' | 'MAIL_GIVE_UP_AFTER_MS' | 'MAIL_LEASE_MS' | 'MAIL_POLL_MS'
>;

/** NOTIFY channel the mail table's trigger wakes the senders on. */
export const MAIL_CHANNEL = 'notification_mail';
/** After a wake-up, how long the sender lets more e-mails arrive before it claims them together. */
const SETTLE_MS = 10;
/** A claim takes up to this many e-mails per connection, so claims stay few while sends go one by one. */
const CLAIM_PER_CONNECTION = 8;
/** No wait between attempts grows past this, however many attempts came before. */
export const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;

/** An SMTP failure as nodemailer reports it: `responseCode` and `response` when the server answered. */
interface SmtpError {
  message?: string;
  responseCode?: number;
  response?: string;
}

/** 5xx: the server refused for good (no such mailbox, policy): trying again cannot help. */
export function isPermanent(error: SmtpError): boolean {
  return typeof error.responseCode === 'number' && error.responseCode >= 500 && error.responseCode < 600;
}

/**
 * When to try again after the `attempts`-th attempt failed: `base` doubled with each attempt (at
 * most MAX_RETRY_DELAY_MS), or null when that would fall after the give-up time counted from
 * the e-mail's acceptance.
 */
export function nextAttemptAt(
  attempts: number,
  acceptedAt: Date,
  now: Date,
  config: Pick<MailConfig, 'MAIL_RETRY_BASE_MS' | 'MAIL_GIVE_UP_AFTER_MS'>,
): Date | null {
  const delay = Math.min(MAX_RETRY_DELAY_MS, config.MAIL_RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 30));
  const at = new Date(now.getTime() + delay);
  return at.getTime() > acceptedAt.getTime() + config.MAIL_GIVE_UP_AFTER_MS ? null : at;
}

/**
 * Sends the queued e-mails over SMTP (nodemailer, a pool of MAIL_SMTP_CONNECTIONS connections).
 * It has one e-mail in flight per connection, claiming the next (MailRepository.claim) once an
 * outcome is committed: so a crash can leave at most one e-mail per connection sent but not
 * recorded, the least SMTP allows (ADR 27). It records each outcome as soon as the server answered it: sent; queued again with exponential back-off
 * after a temporary failure (connection refused, 4xx); failed at once with the server's text
 * after a 5xx, or once the give-up time has passed. It wakes on the table's NOTIFY, on an
 * e-mail accepted in this process, or every MAIL_POLL_MS.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MailSender');
  private readonly waiter: NotifyWaiter;
  private transport?: Transporter;
  private running?: Promise<void>;
  /** The e-mails being sent now, each until its outcome is recorded: one per connection at most. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Claimed, not yet handed to SMTP; each to be sent before `sendBy` (local time), while its lease surely holds. */
  private readonly waiting: Array<{ mail: ClaimedMail; sendBy: number }> = [];
  private recordingFailure: unknown;

  constructor(
    @Inject(MAIL_CONFIG) private readonly config: MailConfig,
    private readonly mails: MailRepository,
  ) {
    this.waiter = new NotifyWaiter(mails.dataSource, MAIL_CHANNEL);
  }

  onApplicationBootstrap(): void {
    this.transport = nodemailer.createTransport({
      url: this.config.SMTP_URL,
      pool: true,
      maxConnections: this.config.MAIL_SMTP_CONNECTIONS,
      maxMessages: Infinity,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as SMTPPool.Options);
    this.running = this.run();
  }

  // Before the application's shutdown: the database is still open to record outcomes and give back claims.
  async beforeApplicationShutdown(): Promise<void> {
    this.waiter.stop();
    await this.running;
    this.transport?.close();
    await this.waiter.close();
  }

  /** An e-mail was queued in this process: look for work now. */
  wake(): void {
    this.waiter.wake();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.waiter.isStopped) {
      try {
        await this.waiter.listen();
        const { claimed, room } = await this.topUp();
        const failed = this.recordingFailure;
        this.recordingFailure = undefined;
        if (failed) throw failed; // recording an outcome failed (Postgres): the lease brings that e-mail back
        if (failures > 0) this.logger.log('Sending e-mail again');
        failures = 0;
        if (this.inFlight.size >= this.config.MAIL_SMTP_CONNECTIONS) await Promise.race(this.inFlight);
        else if (claimed < room && this.waiting.length === 0) {
          // Nothing more is due: wait for a NOTIFY (then a moment, so a burst is claimed together) or the poll.
          await this.waiter.idle(this.config.MAIL_POLL_MS);
          await this.waiter.idle(SETTLE_MS, false);
        }
      } catch (error) {
        failures++;
        const wait = Math.min(30_000, 100 * 2 ** Math.min(failures, 20));
        this.logger.warn(`Sending e-mail failed (${failures} in a row), retrying in ${wait} ms: ${error instanceof Error ? error.message : String(error)}`);
        await this.waiter.idle(wait, false);
      }
    }
    await Promise.allSettled(this.inFlight);
    // What was claimed but not sent goes back to the queue now, not when its lease ends.
    const unsent = this.waiting.splice(0).map(({ mail }) => mail);
    await this.mails
      .release(unsent)
      .catch((error: unknown) => this.logger.warn(`Giving back ${unsent.length} claimed e-mails failed (their lease brings them back): ${String(error)}`));
  }

  /**
   * Claims due e-mails when fewer than one per connection wait (up to CLAIM_PER_CONNECTION per
   * connection, less what is claimed already) and starts sending as connections are free.
   */
  private async topUp(): Promise<{ claimed: number; room: number }> {
    const connections = this.config.MAIL_SMTP_CONNECTIONS;
    const room = connections * CLAIM_PER_CONNECTION - this.inFlight.size - this.waiting.length;
    let claimed = 0;
    if (room > 0 && this.waiting.length < connections) {
      const mails = await this.mails.claim(randomUUID(), room, this.config.MAIL_LEASE_MS);
      // Half the lease for waiting here, half for the send: a send never starts near the lease's end,
      // when another sender may claim the same e-mail (the lease outlasts every SMTP timeout).
      const sendBy = Date.now() + this.config.MAIL_LEASE_MS / 2;
      for (const mail of mails) this.waiting.push({ mail, sendBy });
      claimed = mails.length;
    }
    this.startSending();
    return { claimed, room };
  }

  /**
   * Hands waiting e-mails to SMTP while a connection is free. A delivery holds its connection's slot
   * until its outcome is committed, so a crash leaves at most one e-mail per connection sent and
   * not recorded (ADR 27).
   */
  private startSending(): void {
    while (this.inFlight.size < this.config.MAIL_SMTP_CONNECTIONS && this.waiting.length > 0) {
      const { mail, sendBy } = this.waiting.shift()!;
      if (Date.now() > sendBy) continue; // its lease may be ending: left to be claimed again
      const delivery: Promise<void> = this.deliver(mail)
        .catch((error: unknown) => {
          this.recordingFailure ??= error;
        })
        .finally(() => {
          this.inFlight.delete(delivery);
          if (!this.waiter.isStopped) this.startSending();
        });
      this.inFlight.add(delivery);
    }
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    let response: string;
    let refused: string | null = null;
    try {
      const info = await this.transport!.sendMail({
        from: this.config.MAIL_FROM,
        to: mail.recipients,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        // The row's id: a copy sent again after a crash carries the same Message-ID.
        messageId: `<${mail.id}@notification.freight>`,
      });
      response = String(info.response ?? '');
      // Some recipients refused, the others accepted: sent, with the refusals on record.
      const rejected = (info.rejected ?? []).map(String);
      if (rejected.length) refused = `Refused recipients: ${rejected.join(', ')}`;
    } catch (error) {
      const smtp = error as SmtpError;
      const reason = smtp.response ?? smtp.message ?? String(error);
      const retryAt = isPermanent(smtp) ? null : nextAttemptAt(mail.attempts, mail.created_at, new Date(), this.config);
      await this.mails.markFailed(mail, isPermanent(smtp) || retryAt ? reason : `${reason} (gave up after ${mail.attempts} attempts)`, retryAt);
      return;
    }
    await this.mails.markSent(mail, response, refused);
  }
}
