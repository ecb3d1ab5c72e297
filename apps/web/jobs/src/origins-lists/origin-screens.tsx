import { can } from '@freight/contracts';
import { ResourceFormPage, ResourceListPage, type FieldName, type FormField, type FormResource, type ListResource, type ScreenTexts } from '@freight/web-kit';
import { BookingLinks } from '../bookings/booking-links.js';

/** Vessels and agents alike: an origin (their key, in the paths) and free-text details (requirements 02 §3). */
type OriginResource = ListResource & FormResource;

/** What differs between the vessel and the agent screens: their routes and the catalogue's texts (requirements 02 §2, §8). */
export interface OriginScreensConfig {
  /** Admin list, employee list, add and edit routes from the site root: '/managevessel', ... */
  paths: { admin: string; employee: string; add: string; edit: string };
  /** The employee list's header of the details ('Contact Details' for agents). */
  employeeDetailsHeader?: string;
  texts: Partial<ScreenTexts> & Pick<ScreenTexts, 'listTitle' | 'addTitle' | 'editTitle'>;
}

/** Which list: Head and Admin's (add, edit, delete) or the employee's (read-only, requirements 02 §6). */
export type OriginListEntry = 'admin' | 'employee';

const encoded = (row: unknown) => encodeURIComponent(String((row as { origin?: string }).origin ?? ''));

/**
 * The list, add and edit screens of vessels or agents on the kit's pages: searched by origin,
 * sorted and paged on the server, rows numbered "Sr No."; the admin list adds, edits and deletes
 * (with a confirmation) for the roles the permission matrix lets write (requirements decisions §4: Head and
 * Admin), the employee list only reads. Edit may rename the origin (the update body carries it).
 */
export function originScreens<R extends OriginResource>(resource: R, { paths, texts, employeeDetailsHeader }: OriginScreensConfig) {
  const fields = [
    { name: 'origin', label: 'Origin' },
    { name: 'details', label: 'Details', type: 'textarea' },
  ] as FormField<FieldName<R>>[];
  const formConfig = { resource, fields, listPath: paths.admin, texts };

  function List({ entry }: { entry: OriginListEntry }) {
    const readOnly = entry === 'employee';
    const columns = [
      { header: 'Origin', field: 'origin' },
      { header: readOnly && employeeDetailsHeader ? employeeDetailsHeader : 'Details', field: 'details' },
    ] as never;
    return (
      <ResourceListPage
        config={{
          resource,
          columns,
          numberedAs: 'Sr No.',
          searchLabel: 'Search by origin',
          texts,
          addPath: () => paths.add,
          editPath: (row) => `${paths.edit}/${encoded(row)}`,
          rowName: (row) => String((row as { origin?: string }).origin ?? ''),
          mayEdit: (session) => !readOnly && can(session.role, resource.area, 'write'),
          mayDelete: (session) => !readOnly && can(session.role, resource.area, 'delete'),
          mayAdd: (session) => !readOnly && can(session.role, resource.area, 'write'),
          // The way back to the booking sheet and the other shipment screens, as the booking sheet has it.
          links: <BookingLinks entry={entry} direction="Import" />,
        }}
      />
    );
  }

  return {
    AdminList: () => <List entry="admin" />,
    EmployeeList: () => <List entry="employee" />,
    Add: () => <ResourceFormPage mode="add" config={formConfig} />,
    Edit: () => <ResourceFormPage mode="edit" config={formConfig} />,
  };
}
