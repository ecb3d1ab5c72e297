import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { JOBS_SCREENS, STAFF_ROLES, can, rolesThatCan, seesAllJobs, type Area, type JobsScreenPath } from '@freight/contracts';
import { NotAvailablePage, NotFoundPage, RequirePermission, RequireRole, lazyScreen, theme } from '@freight/web-kit';

// Each screen's code loads when it is first shown: a deep link into one loads only what it shows.
const EmployeeChooserPage = lazyScreen(() => import('./choosers/chooser.pages.js').then((m) => m.EmployeeChooserPage));
const AdminChooserPage = lazyScreen(() => import('./choosers/chooser.pages.js').then((m) => m.AdminChooserPage));
const EmployeeImportPage = lazyScreen(() => import('./choosers/chooser.pages.js').then((m) => m.EmployeeImportPage));
const AdminImportPage = lazyScreen(() => import('./choosers/chooser.pages.js').then((m) => m.AdminImportPage));
const AdminWorklistPage = lazyScreen(() => import('./jobs/worklist.page.js').then((m) => m.AdminWorklistPage));
const EmployeeWorklistPage = lazyScreen(() => import('./jobs/worklist.page.js').then((m) => m.EmployeeWorklistPage));
const AdminAddJobPage = lazyScreen(() => import('./jobs/add-job.page.js').then((m) => m.AdminAddJobPage));
const HeadAddJobPage = lazyScreen(() => import('./jobs/add-job.page.js').then((m) => m.HeadAddJobPage));
const EmployeeAddJobPage = lazyScreen(() => import('./jobs/add-job.page.js').then((m) => m.EmployeeAddJobPage));
const AdminEditJobPage = lazyScreen(() => import('./jobs/edit-job.page.js').then((m) => m.AdminEditJobPage));
const EmployeeEditJobPage = lazyScreen(() => import('./jobs/edit-job.page.js').then((m) => m.EmployeeEditJobPage));
const AdminViewJobPage = lazyScreen(() => import('./jobs/view-job.page.js').then((m) => m.AdminViewJobPage));
const EmployeeViewJobPage = lazyScreen(() => import('./jobs/view-job.page.js').then((m) => m.EmployeeViewJobPage));
const ShipmentCounterPage = lazyScreen(() => import('./tools/shipment-counter.page.js').then((m) => m.ShipmentCounterPage));
const DeleteShipmentPage = lazyScreen(() => import('./tools/delete-shipment.page.js').then((m) => m.DeleteShipmentPage));
// The booking screens (bookings/).
const AdminBookingSheetPage = lazyScreen(() => import('./bookings/booking-sheet.page.js').then((m) => m.AdminBookingSheetPage));
const EmployeeBookingSheetPage = lazyScreen(() => import('./bookings/booking-sheet.page.js').then((m) => m.EmployeeBookingSheetPage));
const AdminBookingFormPage = lazyScreen(() => import('./bookings/booking-form.page.js').then((m) => m.AdminBookingFormPage));
const EmployeeBookingFormPage = lazyScreen(() => import('./bookings/booking-form.page.js').then((m) => m.EmployeeBookingFormPage));
const AdminBookingViewPage = lazyScreen(() => import('./bookings/booking-view.page.js').then((m) => m.AdminBookingViewPage));
const EmployeeBookingViewPage = lazyScreen(() => import('./bookings/booking-view.page.js').then((m) => m.EmployeeBookingViewPage));
// Vessels and agents (origins-lists/), on the kit's list and form pages.
const VesselsPage = lazyScreen(() => import('./origins-lists/vessel.screens.js').then((m) => m.screens.AdminList));
const VesselsEmployeePage = lazyScreen(() => import('./origins-lists/vessel.screens.js').then((m) => m.screens.EmployeeList));
const AddVesselPage = lazyScreen(() => import('./origins-lists/vessel.screens.js').then((m) => m.screens.Add));
const EditVesselPage = lazyScreen(() => import('./origins-lists/vessel.screens.js').then((m) => m.screens.Edit));
const AgentsPage = lazyScreen(() => import('./origins-lists/agent.screens.js').then((m) => m.screens.AdminList));
const AgentsEmployeePage = lazyScreen(() => import('./origins-lists/agent.screens.js').then((m) => m.screens.EmployeeList));
const AddAgentPage = lazyScreen(() => import('./origins-lists/agent.screens.js').then((m) => m.screens.Add));
const EditAgentPage = lazyScreen(() => import('./origins-lists/agent.screens.js').then((m) => m.screens.Edit));

const ADMIN_ENTRY = STAFF_ROLES.filter(seesAllJobs);

/** Head and Admin screens (every job); an Employee is refused with a way back to their own entry. */
const admin = (screen: ReactNode) => <RequireRole roles={ADMIN_ENTRY}>{screen}</RequireRole>;
/** A Head tool of Administrative Tools: only the roles its area's matrix cell allows. */
const tool = (area: Area, screen: ReactNode) => (
  <RequirePermission allowed={(role) => can(role, area, 'read')} backTo={TOOLS} backLabel="Administrative Tools">
    {screen}
  </RequirePermission>
);
const TOOLS = '/admindashboard/administrativetools';
/** Vessel and agent screens that write: the roles the matrix lets write in the area (requirements decisions §4: Head, Admin). */
const writes = (area: Area, screen: ReactNode) => <RequireRole roles={rolesThatCan(area, 'write')}>{screen}</RequireRole>;

/** The built screens by route (JOBS_SCREENS); the others say "Not available yet". */
export const SCREENS: Partial<Record<JobsScreenPath, ReactNode>> = {
  shipmentmanagement: <EmployeeChooserPage />,
  adminshipmentmanagement: admin(<AdminChooserPage />),
  manageimportadmin: admin(<AdminImportPage />),
  manageimportemployee: <EmployeeImportPage />,
  worklistadmin: admin(<AdminWorklistPage />),
  'worklistemployee/:user_id': <EmployeeWorklistPage />,
  addjobadmin: admin(<AdminAddJobPage />),
  addjobhead: <RequireRole roles={['Head']}>{<HeadAddJobPage />}</RequireRole>,
  'addjobemployee/:user_id': <EmployeeAddJobPage />,
  'editjobadmin/:jobNo': admin(<AdminEditJobPage />),
  'editjobemployee/:jobNo': <EmployeeEditJobPage />,
  'viewjobadmin/:jobNo': admin(<AdminViewJobPage />),
  'viewjobemployee/:jobNo': <EmployeeViewJobPage />,
  'admindashboard/administrativetools/manageshipmentcounter': tool('shipmentCounter', <ShipmentCounterPage />),
  'admindashboard/administrativetools/deleteshipment': tool('shipmentDeletion', <DeleteShipmentPage />),
  importbooklist: admin(<AdminBookingSheetPage />),
  importbooklistemployee: <EmployeeBookingSheetPage />,
  'editbooking/:jobNo': admin(<AdminBookingFormPage />),
  'editbookingemployee/:jobNo': <EmployeeBookingFormPage />,
  'viewbooking/:jobNo': admin(<AdminBookingViewPage />),
  'viewbookingemployee/:jobNo': <EmployeeBookingViewPage />,
  managevessel: writes('vessels', <VesselsPage />),
  managevesselemployee: <VesselsEmployeePage />,
  addvessel: writes('vessels', <AddVesselPage />),
  'editvessel/:origin': writes('vessels', <EditVesselPage />),
  manageagent: writes('agents', <AgentsPage />),
  manageagentemployee: <AgentsEmployeePage />,
  addagent: writes('agents', <AddAgentPage />),
  'editagent/:origin': writes('agents', <EditAgentPage />),
};

const PATHS = Object.keys(JOBS_SCREENS) as JobsScreenPath[];

/**
 * The screen at `pathname`. The console mounts this remote at every path of JOBS_SCREENS
 * from the site root (ADR 31) and has matched it already (its route's params are what the
 * screens' useParams reads); the remote only picks which screen.
 */
export function screenAt(pathname: string): ReactNode {
  const path = PATHS.find((p) => matchPath({ path: `/${p}`, end: true }, pathname));
  if (!path) return <NotFoundPage />;
  return SCREENS[path] ?? <NotAvailablePage title={JOBS_SCREENS[path]} />;
}

/**
 * What the host renders in its slot. The remote bundles its own (tree-shaken) Mantine
 * components, so it gives them the kit's theme; the host already set the CSS variables
 * and global classes.
 */
export default function JobsRoutes() {
  const { pathname } = useLocation();
  return (
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {screenAt(pathname)}
    </MantineProvider>
  );
}
