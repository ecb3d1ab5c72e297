import { consignees } from '@freight/contracts';
import { recordCopyHandler, type EventFeed } from '@freight/server-database';

/** The durable consumer's purpose; its name is `notification_consignees` (tools/dev/nats-config.mjs grants exactly that). */
export const CONSIGNEES_DURABLE = 'consignees';

/**
 * Applies one directory consignee event (ADR 21) to `notification.consignee`: a created or updated
 * consignee is written with its current name and username; a deleted one is marked deleted, so its
 * announcements are no longer shown. Events come in commit order, so the last one wins.
 */
export const applyConsigneeEvent = recordCopyHandler({
  [consignees.name]: {
    table: 'notification.consignee',
    idField: 'consignee_id',
    columns: (record) => ({ consignee_name: record.text('consigneeName'), username: record.text('username') }),
  },
});

/**
 * The service's copy of the directory's consignees, fed by a durable consumer on EVENTS_DIRECTORY
 * that starts beside the service (it waits for the directory's stream).
 */
export const consigneesFeed: EventFeed = {
  purpose: CONSIGNEES_DURABLE,
  producer: 'directory',
  subjects: `${consignees.name}.>`,
  handle: applyConsigneeEvent,
};
