import { Injectable } from '@nestjs/common';
import type { InvoicedShipment } from '@freight/contracts';
import { firstRow, query, rows, type Db, type QueryFile } from '@freight/server-database';
import { listQueries, type ListDef } from '../ledger/list.repository.js';
import { fieldColumns, fieldsJson, type ReplyFields } from '../ledger/reply-fields.js';

/** An invoiced job as the debit records show it: each field's SQL over `accounts.invoice i JOIN accounts.job j`. */
const INVOICE_FIELDS: ReplyFields<InvoicedShipment> = {
  jobNo: 'i.job_no',
  consignee: 'i.consignee_name',
  consignee_id: 'i.consignee_id::text',
  invoiceNo: 'i.invoice_no',
  invoiceAmount: 'i.amount::text',
  invoiceDate: `to_char(i.invoice_date, 'YYYY-MM-DD')`,
  origin: 'j.origin_port',
  shipperName: `coalesce(j.shipper_name, '')`,
  blNo: 'j.bl_no',
  containerNo: 'j.container_no',
};
const INVOICE_COLUMNS = fieldColumns(INVOICE_FIELDS);

/** A job the service invoices (its copy of the shipment service's jobs). */
export interface InvoicedJob {
  job_no: string;
  consignee_id: string;
  bl_no: string;
  container_no: string;
}

/** A job's invoice as it stands. */
export interface InvoiceRow {
  consignee_id: string;
  invoice_no: string;
  amount: string;
  invoice_date: string;
}

/** What a debit writes: the job's one invoice, new or replacing the one it had. */
export interface InvoiceWrite {
  jobNo: string;
  consigneeId: string;
  consigneeName: string;
  invoiceNo: string;
  amount: string;
  invoiceDate: string;
  blNo: string;
  containerNo: string;
  by: string;
}

const JOB_NO = 'IMP-000123';

export const DEBIT_QUERIES = {
  lockJob: query(`SELECT job_no, consignee_id, bl_no, container_no FROM accounts.job WHERE job_no = :jobNo AND deleted_at IS NULL FOR UPDATE`, {
    jobNo: JOB_NO,
  }),
  invoice: query(
    `SELECT consignee_id, invoice_no, amount::text AS amount, to_char(invoice_date, 'YYYY-MM-DD') AS invoice_date FROM accounts.invoice WHERE job_no = :jobNo`,
    { jobNo: JOB_NO },
  ),
  saveInvoice: query(
    `INSERT INTO accounts.invoice (job_no, consignee_id, consignee_name, invoice_no, amount, invoice_date, search_text, created_by, updated_by)
         VALUES (:jobNo, :consigneeId, :consigneeName, :invoiceNo, :amount::numeric, :invoiceDate::date, accounts.invoice_search_text(:jobNo, :invoiceNo, :consigneeName, :blNo, :containerNo), :by, :by)
         ON CONFLICT (job_no) DO UPDATE SET consignee_id = excluded.consignee_id, consignee_name = excluded.consignee_name,
           invoice_no = excluded.invoice_no, amount = excluded.amount, invoice_date = excluded.invoice_date, search_text = excluded.search_text,
           updated_at = clock_timestamp(), updated_by = excluded.updated_by, version = accounts.invoice.version + 1`,
    {
      jobNo: JOB_NO,
      consigneeId: '3d1f2b64-7e0a-4b8e-9c55-2a6d4f0e1b03',
      consigneeName: 'Ceylon Traders',
      invoiceNo: 'INV-123',
      amount: '1250.00',
      invoiceDate: '2026-11-30',
      blNo: 'BL123',
      containerNo: 'CONT1',
      by: '5b2c9a44-6a55-4c1e-8f33-0c7d9e1b2a02',
    },
  ),
  invoicedShipment: query(`SELECT ${INVOICE_COLUMNS} FROM accounts.invoice i JOIN accounts.job j USING (job_no) WHERE i.job_no = :jobNo`, { jobNo: JOB_NO }),
};

/** The debit records (requirements decisions §1): newest invoice first; sorted, searched and paged in SQL. */
export const INVOICE_LIST: ListDef = {
  columns: INVOICE_COLUMNS,
  json: fieldsJson(INVOICE_FIELDS),
  from: 'accounts.invoice i JOIN accounts.job j USING (job_no)',
  table: 'accounts.invoice i',
  key: 'i.job_no',
  always: [],
  consigneeColumn: 'i.consignee_id',
  searchColumn: 'i.search_text',
  sorts: {
    invoiceDate: 'i.invoice_date',
    jobNo: 'i.job_no',
    invoiceNo: 'lower(i.invoice_no)',
    invoiceAmount: 'i.amount',
    consignee: 'lower(i.consignee_name)',
  },
  tieBreaker: 'i.job_no',
  fallback: { sort: 'invoiceDate', order: 'desc' },
  counted: 'invoice_count',
};

export const DEBIT_QUERY_FILE: QueryFile = {
  file: 'debits/queries/debit.repository.sql',
  queries: {
    ...DEBIT_QUERIES,
    ...listQueries(INVOICE_LIST, {
      'list, first page': [{ page: 1 }, null],
      "list, a consignee's by invoice number": [{ page: 2, sort: 'invoiceNo', order: 'desc' }, '3d1f2b64-7e0a-4b8e-9c55-2a6d4f0e1b03'],
      'list, searched': [{ page: 1, q: 'inv-123' }, null],
    }),
  },
};

/** accounts.invoice (one per job) with the jobs it invoices (accounts.job, the copy of the shipment service's). */
@Injectable()
export class DebitRepository {
  /** A live job by its number (upper case), locked for the caller's debit until `tx` ends. */
  lockJob(tx: Db, jobNo: string): Promise<InvoicedJob | undefined> {
    return firstRow<InvoicedJob>(tx, DEBIT_QUERIES.lockJob, { jobNo });
  }

  invoice(db: Db, jobNo: string): Promise<InvoiceRow | undefined> {
    return firstRow<InvoiceRow>(db, DEBIT_QUERIES.invoice, { jobNo });
  }

  /** Writes the job's invoice, replacing the one it had (its version moves on). */
  async saveInvoice(tx: Db, invoice: InvoiceWrite): Promise<void> {
    await rows(tx, DEBIT_QUERIES.saveInvoice, { ...invoice });
  }

  async invoicedShipment(db: Db, jobNo: string): Promise<InvoicedShipment> {
    return (await firstRow<InvoicedShipment>(db, DEBIT_QUERIES.invoicedShipment, { jobNo }))!;
  }
}
