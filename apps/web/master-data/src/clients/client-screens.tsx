import { consignees, shippers } from '@freight/contracts';
import { ResourceListPage, definitionColumns, type ListColumn, type ListRowOf, type ResourceListConfig } from '@freight/web-kit';
import type { ResourceScreens } from '../resource-routes.js';
import { ClientFormPage, type ClientKind } from './client-form.js';
import { ClientViewPage } from './client-view.js';
import { usePageBalance } from './current-balance.js';

const RESOURCES = { consignee: consignees, shipper: shippers } as const;
type ClientListConfig = ResourceListConfig<(typeof RESOURCES)[ClientKind]>;

/** The consignee list's columns: the definition's, and the balance owed from the accounts service (requirements decisions §3). */
const CONSIGNEE_COLUMNS: ListColumn<ListRowOf<typeof consignees>>[] = [
  ...definitionColumns(consignees),
  { header: 'Balance Owed', render: (consignee) => <PageBalance id={consignee.consignee_id} /> },
];

/**
 * The four screens of a client kind (requirements 01 §2): `manage<kind>` searched by name, sorted and
 * paged on the server, with view, edit, and delete for Head; `add<kind>`, `edit<kind>/:<kind>_id`
 * (ClientFormPage) and `view<kind>/:<kind>_id` (ClientViewPage).
 */
export function clientScreens(kind: ClientKind): ResourceScreens {
  const name = (client: unknown) => (client as Record<string, string>)[`${kind}Name`];
  const id = (client: unknown) => encodeURIComponent((client as Record<string, string>)[`${kind}_id`]!);
  const list: ClientListConfig = {
    resource: RESOURCES[kind],
    searchLabel: `Search by ${kind} name`,
    rowName: (client) => name(client)!,
    viewPath: (client) => `../view${kind}/${id(client)}`,
    deleteQuestion: (client) => `Are you sure you want to delete the ${kind} ${name(client)}?`,
    ...(kind === 'consignee' && { columns: CONSIGNEE_COLUMNS as ClientListConfig['columns'] }),
  };
  return {
    list: () => <ResourceListPage config={list} />,
    add: () => <ClientFormPage kind={kind} mode="add" />,
    edit: () => <ClientFormPage kind={kind} mode="edit" />,
    view: () => <ClientViewPage kind={kind} />,
  };
}

function PageBalance({ id }: { id: string }) {
  return usePageBalance(id);
}
