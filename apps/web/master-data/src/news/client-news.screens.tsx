import { ClientNewsTexts, clientNews, type ClientNews } from '@freight/contracts';
import { ResourceFormPage, ResourceListPage, refusalOr, type FormField } from '@freight/web-kit';
import type { ResourceScreens } from '../resource-routes.js';
import { activeColumn, formResource, saveEdit, shortText } from './notice-screens.js';

/** Client news on the kit's pages: `search/{id}` loads the edit screen's item (its reply holds it under `data`). */
const resource = formResource(clientNews, { get: clientNews.operations.search, update: clientNews.operations.update });

/** Requirements 02 §8, word for word. */
const texts = {
  listTitle: 'Manage Client News',
  addTitle: 'Add Client News',
  editTitle: 'Edit Client News',
  caption: 'Client News',
  recordNotFound: ClientNewsTexts.notFound,
  recordLoadError: ClientNewsTexts.fetchFailed,
  listLoadError: ClientNewsTexts.listFailed,
  deleteFailure: { notFound: ClientNewsTexts.notFound, failed: ClientNewsTexts.deleteFailed },
  addError: refusalOr(ClientNewsTexts.addFailed),
  updateError: () => ClientNewsTexts.updateFailed,
};

const fields: FormField<'news' | 'isActive'>[] = [
  { name: 'news', label: 'News', type: 'textarea' },
  { name: 'isActive', label: 'Active', type: 'checkbox', defaultValue: true },
];
const form = {
  resource,
  fields,
  listPath: '../manageclientnews',
  texts,
  update: saveEdit(clientNews.operations.update),
  toValues: ({ data }: { data: ClientNews }) => ({ news: data.news, isActive: data.isActive }),
};

/** manageclientnews: searched by text, sorted and paged on the server; edit for staff, delete for Head (requirements decisions §4). */
function List() {
  const config = {
    resource: clientNews,
    columns: [{ header: 'News', field: 'news' as const }, activeColumn<ClientNews>()],
    searchLabel: 'Search news',
    deleteQuestion: (row: ClientNews) => `Are you sure you want to delete the news item "${shortText(row.news)}"?`,
    rowName: (row: ClientNews) => shortText(row.news),
    addPath: () => '../addclientnews',
    editPath: (row: ClientNews) => `../editclientnews/${encodeURIComponent(row._id)}`,
    texts,
  };
  return <ResourceListPage config={config} />;
}

export const screens: ResourceScreens = {
  list: List,
  add: () => <ResourceFormPage mode="add" config={form as never} />,
  edit: () => <ResourceFormPage mode="edit" config={form as never} />,
};
