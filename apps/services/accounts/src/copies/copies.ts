import type { ChangeEvent, JobChangeEvent } from '@freight/contracts';
import { InvalidEvent, changeOf, eventRecord, recordCopyHandler, type EventFeed, type ReceivedEvent, type Tx } from '@freight/server-database';
import { lockConsignees, moveBalance, type Recorder } from '../ledger/ledger.js';
import { difference } from '../ledger/money.js';

/** The durables' purposes: `accounts_directory`, `accounts_shipment` (tools/dev/nats-config.mjs grants exactly these). */
export const DIRECTORY_DURABLE = 'directory';
export const SHIPMENT_DURABLE = 'shipment';

/** Who the ledger names for an opening balance: the staff user the directory's event names, else (an older event) the directory. */
const recorderOf = (by: ChangeEvent['by']): Recorder => (by ? { id: by.id, name: by.username } : { id: null, name: 'directory' });

/**
 * The directory's consignees (ADR 21, 34): name and opening balance; a new consignee, or a
 * changed opening balance, is a ledger row 'opening balance' naming who made it (so the ledger adds up to the balance);
 * a rename is written to the invoices and credits that show the name. Applying the same
 * record twice changes nothing (the opening balance moves by the difference, 0).
 */
const applyConsigneeEvent = recordCopyHandler({
  consignee: {
    table: 'accounts.consignee',
    idField: 'consignee_id',
    columns: (record) => ({ name: record.text('consigneeName'), from_directory: true }),
    afterWrite: async (tx, { id, row, previous, record, event }) => {
      const openingBalance = record.text('openingBalance');
      await lockConsignees(tx, [id]);
      if (previous && previous.name !== row.name) await renameConsignee(tx, id, row.name as string);
      const [balance] = await tx.query<{ opening: string }[]>(`SELECT opening_balance::text AS opening FROM accounts.consignee WHERE id = $1`, [id]);
      const change = difference(openingBalance, balance!.opening);
      if (change !== '0.00') {
        await moveBalance(tx, { consigneeId: id, kind: 'opening balance', change, documentAmount: openingBalance, by: recorderOf(event.by) });
      }
    },
  },
});

/** Origins and shippers (ADR 34): a rename is written to the jobs that show it. */
const RENAMED_ON_JOBS: Partial<Record<string, { idField: string; nameField: string; idColumn: string; nameColumn: string }>> = {
  origin: { idField: '_id', nameField: 'OriginPortName', idColumn: 'origin_id', nameColumn: 'origin_port' },
  shipper: { idField: 'shipper_id', nameField: 'shipperName', idColumn: 'shipper_id', nameColumn: 'shipper_name' },
};

/**
 * A directory event (ADR 21, 34): the consignees' copy, and the names of origins and shippers the
 * jobs show. Anything else is not this copy's.
 */
export async function applyDirectoryEvent(tx: Tx, event: ReceivedEvent): Promise<void> {
  await applyConsigneeEvent(tx, event);
  const { change, thing } = changeOf(event.subject);
  const renamed = RENAMED_ON_JOBS[thing];
  if (!renamed || change !== 'updated') return;
  const after = (event.payload as ChangeEvent<Record<string, unknown>> | undefined)?.after;
  if (!after) throw new InvalidEvent(`${event.subject} has no record after`);
  const record = eventRecord(after, event.subject);
  await tx.query(`UPDATE accounts.job SET ${renamed.nameColumn} = $2 WHERE ${renamed.idColumn} = $1`, [
    record.text(renamed.idField),
    record.text(renamed.nameField),
  ]);
}

/** A consignee's new name, on the invoices and credits that show it. */
async function renameConsignee(tx: Tx, id: string, name: string): Promise<void> {
  await tx.query(
    `UPDATE accounts.invoice i SET consignee_name = $2,
       search_text = accounts.invoice_search_text(i.job_no, i.invoice_no, $2, j.bl_no, j.container_no)
     FROM accounts.job j WHERE j.job_no = i.job_no AND i.consignee_id = $1`,
    [id, name],
  );
  await tx.query(
    `UPDATE accounts.credit SET consignee_name = $2, search_text = accounts.credit_search_text(credit_sr, $2, cheque_number, remarks)
     WHERE consignee_id = $1 AND deleted_at IS NULL`,
    [id, name],
  );
}

/**
 * A shipment job event (ADR 34): the job's facts as of the change (a deletion marks it deleted, its
 * invoice stays: the money was owed). A consignee this copy has not heard of yet (the directory's
 * stream is read apart) is added by name with no opening balance; its own event sets that later.
 * The facts are written whole, so a repeat changes nothing.
 */
export async function applyJobEvent(tx: Tx, { subject, payload }: ReceivedEvent): Promise<void> {
  const { change, thing } = changeOf(subject);
  if (thing !== 'job') return;
  const event = payload as Partial<JobChangeEvent> | undefined;
  const job = event?.job;
  if (!event?.jobNo || !job?.consigneeId || !job.originId) throw new InvalidEvent(`${subject} has no job facts`);
  await tx.query(`INSERT INTO accounts.consignee (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [job.consigneeId, job.consigneeName]);
  await tx.query(
    `INSERT INTO accounts.job (job_no, consignee_id, origin_id, origin_port, shipper_id, shipper_name, bl_no, container_no, deleted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END)
     ON CONFLICT (job_no) DO UPDATE SET consignee_id = excluded.consignee_id, origin_id = excluded.origin_id, origin_port = excluded.origin_port,
       shipper_id = excluded.shipper_id, shipper_name = excluded.shipper_name, bl_no = excluded.bl_no, container_no = excluded.container_no,
       deleted_at = coalesce(accounts.job.deleted_at, excluded.deleted_at), updated_at = clock_timestamp()`,
    [event.jobNo, job.consigneeId, job.originId, job.originPort, job.shipperId, job.shipperName, job.blNo ?? '', job.containerNo ?? '', change === 'deleted'],
  );
  await tx.query(`UPDATE accounts.invoice SET search_text = accounts.invoice_search_text(job_no, invoice_no, consignee_name, $2, $3) WHERE job_no = $1`, [
    event.jobNo,
    job.blNo ?? '',
    job.containerNo ?? '',
  ]);
}

/**
 * The service's copies, fed by its durable consumers on the directory's and the shipment service's
 * streams (each waits for its stream), one transaction per event with its processed mark, so an
 * event delivered twice changes nothing the second time.
 */
export const copiesFeeds: readonly EventFeed[] = [
  { purpose: DIRECTORY_DURABLE, producer: 'directory', subjects: '>', handle: applyDirectoryEvent },
  { purpose: SHIPMENT_DURABLE, producer: 'shipment', subjects: 'job.>', handle: applyJobEvent },
];
