import { consignees, shippers } from '@freight/contracts';
import { ResourceListPage, type ResourceListConfig } from '@freight/web-kit';
import type { ResourceScreens } from '../resource-routes.js';
import { ClientFormPage, type ClientKind } from './client-form.js';
import { ClientViewPage } from './client-view.js';

const RESOURCES = { consignee: consignees, shipper: shippers } as const;

/**
 * The four screens of a client kind (spec 01 §2): `manage<kind>` searched by name, sorted and
 * paged on the server, with view, edit, and delete for Head; `add<kind>`, `edit<kind>/:<kind>_id`
 * (ClientFormPage) and `view<kind>/:<kind>_id` (ClientViewPage).
 */
export function clientScreens(kind: ClientKind): ResourceScreens {
  const name = (client: unknown) => (client as Record<string, string>)[`${kind}Name`];
  const id = (client: unknown) => encodeURIComponent((client as Record<string, string>)[`${kind}_id`]!);
  const list: ResourceListConfig<(typeof RESOURCES)[ClientKind]> = {
    resource: RESOURCES[kind],
    searchLabel: `Search by ${kind} name`,
    rowName: (client) => name(client)!,
    viewPath: (client) => `../view${kind}/${id(client)}`,
    deleteQuestion: (client) => `Are you sure you want to delete the ${kind} ${name(client)}?`,
  };
  return {
    list: () => <ResourceListPage config={list} />,
    add: () => <ClientFormPage kind={kind} mode="add" />,
    edit: () => <ClientFormPage kind={kind} mode="edit" />,
    view: () => <ClientViewPage kind={kind} />,
  };
}
