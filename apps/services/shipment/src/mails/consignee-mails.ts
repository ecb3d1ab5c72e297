import type { Consignee } from '@freight/contracts';
import type { ReceivedEvent, Tx } from '@freight/server-database';

/**
 * The consignees' addresses for the booking e-mails (ADR 32), from the directory's consignee
 * events: the consignee's e-mail first, then its additional e-mails. Applied by the directory
 * consumer (`shipment_directory`, ADR 29) with the names, in the same transaction, in commit order:
 * a changed address is used by the next send. A deleted consignee's row goes.
 */
export async function applyConsigneeMailEvent(tx: Tx, { subject, payload }: ReceivedEvent): Promise<void> {
  const [change, kind] = subject.split('.').reverse();
  if (kind !== 'consignee') return;
  const { before, after } = (payload ?? {}) as { before?: Partial<Consignee>; after?: Partial<Consignee> };
  if (change === 'deleted') {
    if (before?.consignee_id) await tx.query(`DELETE FROM shipment.consignee_mail WHERE consignee_id = $1`, [before.consignee_id]);
    return;
  }
  if ((change !== 'created' && change !== 'updated') || !after?.consignee_id) return;
  const emails = [after.email ?? '', ...(after.additionalEmails ?? [])].map((email) => email.trim()).filter(Boolean);
  await tx.query(
    `INSERT INTO shipment.consignee_mail (consignee_id, emails) VALUES ($1, $2)
     ON CONFLICT (consignee_id) DO UPDATE SET emails = excluded.emails`,
    [after.consignee_id, emails],
  );
}
