import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountsTexts, eventSubject, type Actor, type ResourceHandlers, type credits } from '@freight/contracts';
import { AppError, Batcher } from '@freight/server';
import { appendEvents, writeTransaction, type IdempotentRequest, type Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import type { AccountsConfig } from '../config.js';
import type { ConsigneeRef } from '../ledger/consignee.repository.js';
import { lockConsignees, moveBalances } from '../ledger/ledger.js';
import { voucherCounter } from '../voucher/voucher.repository.js';
import { toCredit } from './credit.row.js';
import { creditRepository } from './credit.repository.js';

export const CREDIT_BATCH_OPTIONS = Symbol('CreditBatchOptions');
export type CreditBatchOptions = Pick<AccountsConfig, 'CREDIT_BATCH_WAIT_MS' | 'CREDIT_BATCH_MAX'>;

/** A credit ready to be written: its body validated and its consignee found (before any grouping). */
export interface NewCredit {
  body: Parameters<ResourceHandlers<typeof credits>['add']>[0]['body'];
  consignee: ConsigneeRef;
  actor: Pick<Actor, 'id' | 'username'>;
}

/** A unique index refusing a voucher number twice (a counter set by hand under a racing credit): the same 409 as the counter's own check. */
export const VOUCHER_TAKEN = { ux_credit_sr: () => new AppError('CONFLICT', 'This voucher number is already in use; try again.') };

/**
 * Writes new credits in the caller's transaction (ADR 28, 34, 35): locks their consignees' rows in
 * id order first (no crosswise wait with another group or a debit), then takes their voucher
 * numbers from the counter in one update, as late as possible (its row lock, held to the commit,
 * orders the groups: no gap, no repeat); then inserts them in one statement, moves the balances
 * (`moveBalances`: one update per consignee, a ledger row each) and appends their events.
 * Answers the replies in the order of `credits`.
 */
export async function insertCredits(tx: Tx, credits: readonly NewCredit[]) {
  await lockConsignees(
    tx,
    credits.map((credit) => credit.consignee.id),
  );
  const first = await voucherCounter.take(tx, credits.length);
  const rows = await creditRepository.insert(
    tx,
    credits.map(({ body, consignee, actor }, i) => ({
      creditSr: first + i,
      consigneeId: consignee.id,
      consigneeName: consignee.name,
      paymentType: body.paymentType,
      chequeNumber: body.chequeNumber,
      amount: body.amount,
      remarks: body.remarks,
      date: body.date ?? null,
      createdBy: actor.id,
    })),
  );
  const added = rows.map(toCredit);
  const balances = await moveBalances(
    tx,
    'credit',
    added.map((credit, i) => ({
      consigneeId: credit.consigneeName._id,
      change: credit.amount,
      creditId: credit._id,
      creditSr: credit.credit_sr,
      documentAmount: credit.amount,
      entryDate: credit.date,
      by: { id: credits[i]!.actor.id, name: credits[i]!.actor.username },
      count: 1,
    })),
  );
  await appendEvents(
    tx,
    added.map((credit) => ({ subject: eventSubject('accounts', 'credit', 'created'), payload: { key: credit._id, after: credit } })),
  );
  return added.map((credit, i) => ({ success: true as const, message: AccountsTexts.creditAdded, credit, updatedBalance: balances[i]! }));
}

type CreditReply = Awaited<ReturnType<typeof insertCredits>>[number];

/**
 * Group commit for new credits (ADR 28, 34), as the shipment service's job creations: those that
 * arrive within `CREDIT_BATCH_WAIT_MS` of each other, or while a group is being written, share one
 * transaction, so the counter's lock is held for one commit per group, not per credit. A group
 * that fails is written again credit by credit: a credit that cannot be written fails alone.
 * An Idempotency-Key credit is written alone, its key row committed with it.
 */
@Injectable()
export class CreditWriter {
  private readonly batcher: Batcher<NewCredit, CreditReply>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CREDIT_BATCH_OPTIONS) options: CreditBatchOptions,
  ) {
    this.batcher = new Batcher(
      (credits) => writeTransaction(this.db, VOUCHER_TAKEN, (tx) => insertCredits(tx, credits)),
      (credit) => this.writeAlone(credit),
      { waitMs: options.CREDIT_BATCH_WAIT_MS, max: options.CREDIT_BATCH_MAX },
    );
  }

  add(credit: NewCredit, idempotency?: IdempotentRequest): Promise<CreditReply> {
    return idempotency ? this.writeAlone(credit, idempotency) : this.batcher.add(credit);
  }

  private writeAlone(credit: NewCredit, idempotency?: IdempotentRequest): Promise<CreditReply> {
    return writeTransaction(this.db, VOUCHER_TAKEN, async (tx) => (await insertCredits(tx, [credit]))[0]!, idempotency);
  }
}
