import { useQuery } from '@tanstack/react-query';
import { AnnouncementTexts, announcements, can, consignees, type Announcement } from '@freight/contracts';
import { ErrorNotice, ResourceFormPage, ResourceListPage, callApi, type FormField, type Session } from '@freight/web-kit';
import type { ResourceScreens } from '../resource-routes.js';
import { activeColumn, formResource, saveEdit, shortText } from '../news/notice-screens.js';

/** Announcements on the kit's pages: `{id}` loads the edit screen's announcement (under `data`), `edit/{id}` saves it. */
const resource = formResource(announcements, { get: announcements.operations.get, update: announcements.operations.edit });

/** Requirements 02 §8, word for word ("announcement" where people read it, requirements decisions §2). */
const texts = {
  listTitle: 'Manage Client Announcements',
  caption: 'Announcements',
  emptyText: AnnouncementTexts.none,
  recordNotFound: AnnouncementTexts.editNotFound,
  recordLoadError: AnnouncementTexts.fetchFailed,
};

/** The consignees for the dropdown (the directory's `consignees/unique`, ADR 21), and a notice when they could not be loaded. */
function useConsigneeNames() {
  const names = useQuery({ queryKey: ['consignees', 'unique'], queryFn: ({ signal }) => callApi(consignees.routes.consigneesUnique, undefined, { signal }) });
  return { names: names.data ?? [], notice: names.isError ? <ErrorNotice>Failed to load dropdown data.</ErrorNotice> : undefined };
}

type Field = 'annoucment' | 'consignee' | 'isActive';
const fields = (names: readonly string[], current?: string): FormField<Field>[] => [
  { name: 'annoucment', label: 'Announcement', type: 'textarea' },
  // The announcement's own consignee stays selectable while the list loads.
  {
    name: 'consignee',
    label: 'Consignee',
    type: 'select',
    options: Array.from(new Set([...names, current ?? ''].filter(Boolean))),
    placeholder: 'Select a consignee',
  },
  { name: 'isActive', label: 'Active', type: 'checkbox', defaultValue: true },
];

function Form({ mode }: { mode: 'add' | 'edit' }) {
  const { names, notice } = useConsigneeNames();
  const config = {
    resource,
    fields: (record?: { data: Announcement }) => fields(names, record?.data.consignee.consigneeName),
    listPath: '../manageannouncement',
    update: saveEdit(announcements.operations.edit),
    notice,
    texts,
    toValues: ({ data }: { data: Announcement }) => ({ annoucment: data.annoucment, consignee: data.consignee.consigneeName, isActive: data.isActive }),
  };
  return <ResourceFormPage mode={mode} config={config as never} />;
}

/** manageannouncement: searched by text, sorted and paged on the server; edit for staff, delete for Head (requirements decisions §4). */
function List() {
  const config = {
    resource: announcements,
    columns: [
      { header: 'ID', field: 'annoucment_id' as const },
      { header: 'Announcement', field: 'annoucment' as const },
      { header: 'Consignee', field: 'consigneeName' as keyof Announcement & string, render: (row: Announcement) => row.consignee.consigneeName },
      activeColumn<Announcement>(),
    ],
    searchLabel: 'Search announcements',
    deleteQuestion: (row: Announcement) => `Are you sure you want to delete the announcement "${shortText(row.annoucment)}"?`,
    rowName: (row: Announcement) => String(row.annoucment_id),
    addPath: () => '../Addannouncement',
    editPath: (row: Announcement) => `../editannouncement/${encodeURIComponent(row._id)}`,
    // The save is the spec's `edit/{id}`, not an `update` the kit's default looks for: who may write may edit.
    mayEdit: (session: Session) => can(session.role, announcements.area, 'write'),
    texts,
  };
  return <ResourceListPage config={config} />;
}

export const screens: ResourceScreens = { list: List, add: () => <Form mode="add" />, edit: () => <Form mode="edit" /> };
