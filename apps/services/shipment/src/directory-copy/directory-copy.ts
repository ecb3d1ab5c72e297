import { recordCopyHandler, type EventFeed, type ReceivedEvent, type RecordCopy, type Tx } from '@freight/server-database';
import { applyConsigneeMailEvent } from '../mails/consignee-mails.js';
import { NAME_KINDS, type NameKind } from './directory-names.js';

/** The durable consumer's purpose; its name is `shipment_directory` (tools/dev/nats-config.mjs grants exactly that). */
export const DIRECTORY_DURABLE = 'directory';

/** Where each kind's id, name and username are in the directory's records (as its replies show them). */
const FIELDS: Record<NameKind, { id: string; name: string; username?: string }> = {
  user: { id: '_id', name: 'fullName', username: 'username' },
  branch: { id: '_id', name: 'BranchCity' },
  consignee: { id: 'consignee_id', name: 'consigneeName', username: 'username' },
  shipper: { id: 'shipper_id', name: 'shipperName', username: 'username' },
  forwarder: { id: '_id', name: 'Forwarder' },
  origin: { id: '_id', name: 'OriginPortName' },
  yard: { id: '_id', name: 'YardName' },
  shipmentType: { id: '_id', name: 'TypeofShipment' },
  shipmentTerm: { id: '_id', name: 'TermofShipment' },
};

/** The job columns holding each kind's id and name: a rename is written to every job that shows it. */
const JOB_COLUMNS: Record<NameKind, readonly (readonly [id: string, name: string])[]> = {
  user: [['user_id', 'user_name']],
  branch: [['branch_id', 'branch_city']],
  consignee: [
    ['consignee_id', 'consignee_name'],
    ['notify_id', 'notify_name'],
  ],
  shipper: [['shipper_id', 'shipper_name']],
  forwarder: [['forwarder_id', 'forwarder_name']],
  origin: [['origin_id', 'origin_port']],
  yard: [['yard_id', 'yard_name']],
  shipmentType: [['type_id', 'type_of_shipment']],
  shipmentTerm: [['term_id', 'term_of_shipment']],
};

/**
 * Applies one directory event (ADR 21, 29) to `shipment.directory_name`: a created or updated
 * record is written with its current name (and the jobs that show it get the new name in the
 * same transaction); a deleted one is marked deleted, so no new job can name it while existing
 * jobs keep the name they had. Events come in commit order, so the last one wins. Other
 * directory events (e-mail requests) are not this copy's.
 */
export const applyDirectoryEvent = recordCopyHandler(
  Object.fromEntries(
    NAME_KINDS.map((kind): [NameKind, RecordCopy] => {
      const fields = FIELDS[kind];
      return [
        kind,
        {
          table: 'shipment.directory_name',
          idField: fields.id,
          scope: { kind },
          columns: (record) => ({ name: record.text(fields.name), username: fields.username ? record.text(fields.username) : null }),
          afterWrite: async (tx, { id, row, previous }) => {
            if (!previous || previous.name === row.name) return;
            for (const [idColumn, nameColumn] of JOB_COLUMNS[kind]) {
              await tx.query(`UPDATE shipment.job SET ${nameColumn} = $2 WHERE ${idColumn} = $1`, [id, row.name]);
            }
          },
        },
      ];
    }),
  ),
);

/**
 * The service's copy of the directory's names, fed by the durable consumer `shipment_directory`
 * on EVENTS_DIRECTORY, which starts beside the service (it waits for the stream): the names, and
 * the consignees' addresses for the booking e-mails (ADR 32), in one transaction per event.
 */
export const directoryFeed: EventFeed = {
  purpose: DIRECTORY_DURABLE,
  producer: 'directory',
  subjects: '>',
  handle: async (tx: Tx, event: ReceivedEvent) => {
    await applyDirectoryEvent(tx, event);
    await applyConsigneeMailEvent(tx, event);
  },
};
