import type { Consignee } from '@freight/contracts';
import type { ReceivedEvent, Tx } from '@freight/server-database';
import { jobMailRepository } from './job-mail.repository.js';

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
    if (before?.consignee_id) await jobMailRepository.deleteConsignee(tx, before.consignee_id);
    return;
  }
  if ((change !== 'created' && change !== 'updated') || !after?.consignee_id) return;
  const emails = [after.email ?? '', ...(after.additionalEmails ?? [])].map((email) => email.trim()).filter(Boolean);
  await jobMailRepository.saveConsignee(tx, after.consignee_id, emails);
}
