import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountsTexts, debits, eventSubject, type InvoicedShipment, type Page, type ResourceHandlers } from '@freight/contracts';
import { AppError, JsonReply } from '@freight/server';
import { appendEvents, type Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { consigneeByName } from '../ledger/consignees.js';
import { lockConsignees, moveBalance } from '../ledger/ledger.js';
import { ConsigneeRepository } from '../ledger/consignee.repository.js';
import { readListJson } from '../ledger/list.repository.js';
import { difference, fromCents, toCents } from '../ledger/money.js';
import { DebitRepository, INVOICE_LIST } from './debit.repository.js';

type Handlers = ResourceHandlers<typeof debits>;
type Msg<K extends keyof Handlers> = Parameters<Handlers[K]>[0];

/**
 * Debits (requirements 02 §4, §7; requirements decisions §3): one invoice per job. A debit on a job that has one
 * replaces it: the balance moves by the difference (a ledger row 'invoice replaced'), or, when the
 * job's consignee changed since, the old consignee is credited back and the new one charged.
 */
@Injectable()
export class DebitHandlers implements Handlers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly debits: DebitRepository,
    private readonly consignees: ConsigneeRepository,
  ) {}

  addDebit({ actor, params, body }: Msg<'addDebit'>) {
    return this.db.transaction(async (tx: Tx) => {
      const job = await this.debits.lockJob(tx, params.jobNo.toUpperCase());
      if (!job) throw new AppError('NOT_FOUND', AccountsTexts.shipmentNotFound);
      const old = await this.debits.invoice(tx, job.job_no);
      await lockConsignees(tx, old ? [old.consignee_id, job.consignee_id] : [job.consignee_id]);
      const consignee = await this.consignees.byId(tx, job.consignee_id);
      const by = { id: actor.id, name: actor.username };
      const facts = { jobNo: job.job_no, invoiceNo: body.invoiceNo, entryDate: body.invoiceDate, documentAmount: body.invoiceAmount, by };
      let after;
      if (old && old.consignee_id === job.consignee_id) {
        after = await moveBalance(tx, {
          ...facts,
          consigneeId: job.consignee_id,
          kind: 'invoice replaced',
          change: difference(body.invoiceAmount, old.amount),
        });
      } else {
        if (old) {
          const back = { ...facts, consigneeId: old.consignee_id, kind: 'invoice replaced' as const, change: fromCents(-toCents(old.amount)) };
          await moveBalance(tx, { ...back, invoiceNo: old.invoice_no, documentAmount: '0.00', count: -1 });
        }
        after = await moveBalance(tx, { ...facts, consigneeId: job.consignee_id, kind: 'invoice', change: body.invoiceAmount, count: 1 });
      }
      await this.debits.saveInvoice(tx, {
        jobNo: job.job_no,
        consigneeId: job.consignee_id,
        consigneeName: consignee!.name,
        invoiceNo: body.invoiceNo,
        amount: body.invoiceAmount,
        invoiceDate: body.invoiceDate,
        blNo: job.bl_no,
        containerNo: job.container_no,
        by: actor.id,
      });
      const shipment = await this.debits.invoicedShipment(tx, job.job_no);
      const replaced = old ? { invoiceNo: old.invoice_no, invoiceAmount: old.amount, invoiceDate: old.invoice_date } : null;
      await appendEvents(tx, [
        {
          subject: eventSubject('accounts', 'invoice', old ? 'updated' : 'created'),
          payload: { key: job.job_no, ...(replaced && { before: replaced }), after: shipment },
        },
      ]);
      return {
        success: true as const,
        message: old ? AccountsTexts.debitReplaced : AccountsTexts.debitAdded,
        updatedBalance: after.balance,
        replaced,
        shipment,
      };
    });
  }

  /** The REST body whole (`{success, results, summary, message}`): its rows built by Postgres, passed on as bytes (docs/adr/0059-json-replies-passed-as-bytes.md). */
  async listInvoicedShipments({ query }: Msg<'listInvoicedShipments'>) {
    const consignee = query.consigneeName ? await consigneeByName(this.db, query.consigneeName, 'consigneeName') : null;
    const { json, total } = await readListJson(this.db, INVOICE_LIST, query, consignee?.id ?? null);
    const summary = consignee ? await this.consignees.debitSummary(this.db, consignee.id) : null;
    const message = total === 0 ? AccountsTexts.noDebits : `${total} invoiced shipment${total === 1 ? '' : 's'}`;
    return new JsonReply<Page<InvoicedShipment>>(
      `{"success":true,"results":${json},"summary":${JSON.stringify(summary)},"message":${JSON.stringify(message)}}`,
      total,
    );
  }
}
