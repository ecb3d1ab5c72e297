import { SimpleGrid } from '@mantine/core';
import { Tile, useSession } from '@freight/web-kit';
import { JobsPage } from '../frame/jobs-page.js';
import { useDirection, withDirection } from '../frame/direction.js';

/** Which entry a chooser belongs to: Head and Admin see every job, an Employee their own. */
export type Entry = 'admin' | 'employee';

/**
 * /adminshipmentmanagement and /shipmentmanagement (requirements 01 §2): IMPORT opens the import
 * screens, EXPORT the same screens for Export jobs (requirements decisions §2).
 */
export function ShipmentChooserPage({ entry }: { entry: Entry }) {
  const hub = entry === 'admin' ? '/manageimportadmin' : '/manageimportemployee';
  return (
    <JobsPage title="Shipment Management">
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
        <Tile label="IMPORT" to={withDirection(hub, 'Import')} />
        <Tile label="EXPORT" to={withDirection(hub, 'Export')} />
      </SimpleGrid>
    </JobsPage>
  );
}

/** /manageimportadmin and /manageimportemployee: the screens of one direction's jobs. */
export function ImportManagementPage({ entry }: { entry: Entry }) {
  const direction = useDirection();
  const session = useSession();
  const screens =
    entry === 'admin'
      ? { worklist: '/worklistadmin', bookings: '/importbooklist', vessels: '/managevessel', agents: '/manageagent' }
      : {
          worklist: `/worklistemployee/${encodeURIComponent(session?.userId ?? '')}`,
          bookings: '/importbooklistemployee',
          vessels: '/managevesselemployee',
          agents: '/manageagentemployee',
        };
  return (
    <JobsPage title={`${direction} Management`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
        <Tile label="Today Job Inquiry" to={withDirection(screens.worklist, direction)} />
        <Tile label="Daily Booking Sheet" to={withDirection(screens.bookings, direction)} />
        <Tile label="Weekly Vessel Planning" to={screens.vessels} />
        <Tile label="Overseas Offices Detail" to={screens.agents} />
      </SimpleGrid>
    </JobsPage>
  );
}

// The screens by route (lazy screens take no props).
export const EmployeeChooserPage = () => <ShipmentChooserPage entry="employee" />;
export const AdminChooserPage = () => <ShipmentChooserPage entry="admin" />;
export const EmployeeImportPage = () => <ImportManagementPage entry="employee" />;
export const AdminImportPage = () => <ImportManagementPage entry="admin" />;
