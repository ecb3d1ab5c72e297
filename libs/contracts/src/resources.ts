import { branches } from './directory/branch.resource.js';
import { users } from './directory/user.resource.js';
import { consignees } from './directory/consignee.resource.js';
import { shippers } from './directory/shipper.resource.js';
import { forwarders } from './directory/forwarder.resource.js';
import { origins } from './directory/origin.resource.js';
import { yards } from './directory/yard.resource.js';
import { shipmentTypes } from './directory/shipment-type.resource.js';
import { shipmentTerms } from './directory/shipment-term.resource.js';
import { mails } from './notification/mail.resource.js';
import { contactMessages } from './notification/contact.resource.js';
import { clientNews } from './notification/client-news.resource.js';
import { announcements } from './notification/announcement.resource.js';
import { jobs } from './shipment/job.resource.js';
import { shipmentCounter } from './shipment/shipment-counter.resource.js';
import { vessels } from './shipment/vessel.resource.js';
import { agents } from './shipment/agent.resource.js';
import { debits } from './accounts/debit.resource.js';
import { credits } from './accounts/credit.resource.js';
import { voucherCounter } from './accounts/voucher-counter.resource.js';
import { balances } from './accounts/balance.resource.js';
import { accountsReports } from './accounts/statement.resource.js';
// new:resource imports

/**
 * Every resource definition, by key. `npm run new:resource` adds a line here; the `api`
 * table, the message map and the OpenAPI document follow from this object.
 */
export const resources = {
  users,
  branches,
  consignees,
  shippers,
  forwarders,
  origins,
  yards,
  shipmentTypes,
  shipmentTerms,
  mails,
  contactMessages,
  clientNews,
  announcements,
  jobs,
  shipmentCounter,
  vessels,
  agents,
  debits,
  credits,
  voucherCounter,
  balances,
  accountsReports,
  // new:resource entries
} as const;
export type Resources = typeof resources;
