import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MailStatus, MailSummary } from '@freight/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { RenderedMail } from '../templates/render.js';

/** An e-mail to queue: what it is about, to whom, and its rendered bodies. */
export interface NewMail extends RenderedMail {
  businessKey: string;
  kind: string;
  to: readonly string[];
  replyTo?: string;
  /** The producer's mail-request event id (ADR 27), when a service requested it. */
  requestId?: string;
}

/** An e-mail a sender claimed: what it needs to send it and to record the outcome. */
export interface ClaimedMail {
  id: string;
  claim_id: string;
  recipients: string[];
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  created_at: Date;
}

interface SummaryRow {
  id: string;
  request_id: string | null;
  business_key: string;
  kind: string;
  recipients: string[];
  subject: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  next_attempt_at: Date;
  sent_at: Date | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** `notification.mail`: the only way to it. */
@Injectable()
export class MailRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  /** Queues an e-mail in `tx`: it exists, and will be sent, exactly when `tx` commits. Answers its id. */
  async insert(tx: EntityManager, mail: NewMail): Promise<string> {
    return (await this.insertAll(tx, [mail]))[0]!;
  }

  /** Queues e-mails in `tx` with one statement (a batch of mail requests, docs/adr/0061-events-keep-up.md); answers their ids, in no promised order. */
  async insertAll(tx: Pick<EntityManager, 'query'>, mails: readonly NewMail[]): Promise<string[]> {
    const rows = mails.map((mail) => ({
      business_key: mail.businessKey,
      kind: mail.kind,
      recipients: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      request_id: mail.requestId ?? null,
    }));
    const inserted = await tx.query<{ id: string }[]>(
      `INSERT INTO notification.mail (business_key, kind, recipients, reply_to, subject, html, text, request_id)
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS m(business_key text, kind text, recipients text[], reply_to text, subject text, html text, text text, request_id uuid)
       RETURNING id`,
      [JSON.stringify(rows)],
    );
    return inserted.map((row) => row.id);
  }

  /** The e-mails of a business key, newest first, without their bodies. */
  async byBusinessKey(businessKey: string): Promise<MailSummary[]> {
    const rows = await this.dataSource.query<SummaryRow[]>(
      `SELECT id, request_id, business_key, kind, recipients, subject, status, attempts, last_error, created_at, next_attempt_at, sent_at
         FROM notification.mail WHERE business_key = $1 ORDER BY created_at DESC, id LIMIT 200`,
      [businessKey],
    );
    return rows.map((row) => ({
      id: row.id,
      requestId: row.request_id,
      businessKey: row.business_key,
      kind: row.kind,
      to: row.recipients,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at.toISOString(),
      nextAttemptAt: row.status === 'queued' ? iso(row.next_attempt_at) : null,
      sentAt: iso(row.sent_at),
    }));
  }

  /**
   * Claims up to `limit` due e-mails for one sending attempt, in one statement: queued ones whose
   * time has come and ones whose sender's lease ran out (it died mid-send). `FOR UPDATE SKIP
   * LOCKED` lets replicas claim side by side without waiting or taking the same row; the claim
   * commits at once (status `sending`, a lease, a claim id), so a sender's death leaves its
   * e-mails to be claimed again when the lease ends.
   */
  async claim(claimId: string, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
    // An UPDATE through TypeORM answers [rows, count].
    const [rows] = await this.dataSource.query<[ClaimedMail[], number]>(
      `WITH due AS (
         SELECT id FROM notification.mail
          WHERE (status = 'queued' AND next_attempt_at <= now()) OR (status = 'sending' AND lease_until < now())
          ORDER BY next_attempt_at
          LIMIT $2
          FOR UPDATE SKIP LOCKED)
       UPDATE notification.mail m
          SET status = 'sending', attempts = m.attempts + 1, claim_id = $1, lease_until = now() + make_interval(secs => $3 / 1000.0)
         FROM due WHERE m.id = due.id
       RETURNING m.id, m.claim_id, m.recipients, m.reply_to, m.subject, m.html, m.text, m.attempts, m.created_at`,
      [claimId, limit, leaseMs],
    );
    return rows;
  }

  /**
   * Records a delivery (with the recipients the server refused, if some were); only the claim
   * that sent it may (a late answer of a superseded claim changes nothing).
   */
  async markSent(mail: ClaimedMail, smtpResponse: string, refused: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE notification.mail SET status = 'sent', sent_at = now(), last_error = $4, smtp_response = $3, lease_until = NULL
        WHERE id = $1 AND claim_id = $2 AND status = 'sending'`,
      [mail.id, mail.claim_id, smtpResponse, refused],
    );
  }

  /** Records a failed attempt: queued again for `retryAt`, or failed for good when `retryAt` is null. */
  async markFailed(mail: ClaimedMail, reason: string, retryAt: Date | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE notification.mail
          SET status = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'queued' END,
              next_attempt_at = COALESCE($4::timestamptz, next_attempt_at), last_error = $3, lease_until = NULL
        WHERE id = $1 AND claim_id = $2 AND status = 'sending'`,
      [mail.id, mail.claim_id, reason.slice(0, 2000), retryAt],
    );
  }

  /**
   * Gives back claimed e-mails that were never handed to SMTP (a sender stopping): queued and due
   * again at once, the claim's attempt not counted, so another sender takes them without waiting
   * for the lease. Only the claim that took them may.
   */
  async release(mails: readonly ClaimedMail[]): Promise<void> {
    if (mails.length === 0) return;
    await this.dataSource.query(
      `UPDATE notification.mail m SET status = 'queued', attempts = m.attempts - 1, lease_until = NULL
         FROM unnest($1::uuid[], $2::uuid[]) AS given(id, claim_id)
        WHERE m.id = given.id AND m.claim_id = given.claim_id AND m.status = 'sending'`,
      [mails.map((mail) => mail.id), mails.map((mail) => mail.claim_id)],
    );
  }
}
