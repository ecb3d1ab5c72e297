import { Link } from 'react-router-dom';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { JobTexts, api, plainJob, type BookingListQuery, type PlainJob } from '@freight/contracts';
import { DataTable, textOrNA, useServerList, useSession, type Column } from '@freight/web-kit';
import { BOOKING_LEAD_COLUMNS, JobStatusBadge, SHIPMENT_COLUMNS } from '@freight/web-domain/bookings';
import { useLiveJobs } from '@freight/web-domain/jobs';
import { JobsPage } from '../frame/jobs-page.js';
import { useDirection, type Direction } from '../frame/direction.js';
import { BookingLinks } from './booking-links.js';
import { editBookingPath, viewBookingPath, type BookingEntry } from './booking-paths.js';

/** requirements 02 §9: pages of 50 rows. */
export const BOOKING_PAGE_SIZE = 50;
/** The query cache's name of the booking lists (a saved booking reloads them). */
export const BOOKINGS_KEY = 'bookings';

type StatusFilter = NonNullable<BookingListQuery['status']>;
const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

/** The sheet's columns (requirements 02 §2, every one sorted on the server); Job No and the actions stay on screen on a phone. */
function columns(entry: BookingEntry): Column<PlainJob>[] {
  return [
    ...BOOKING_LEAD_COLUMNS,
    { header: 'Assigned To', sortField: 'user', render: (job) => textOrNA(job.user) },
    { header: 'Consignee', sortField: 'consigneeName', render: (job) => textOrNA(job.consigneeName) },
    { header: 'Shipper', sortField: 'shipperName', render: (job) => textOrNA(job.shipperName) },
    ...SHIPMENT_COLUMNS,
    { header: 'Job Status', sortField: 'jobStatus', render: (job) => <JobStatusBadge active={job.jobStatus} /> },
    {
      header: 'Actions',
      sticky: 'end',
      render: (job) => (
        <Group gap={4} wrap="nowrap">
          <Button component={Link} to={editBookingPath(entry, job.jobNo)} size="compact-xs" variant="light" aria-label={`Edit booking ${job.jobNo}`}>
            Edit
          </Button>
          <Button component={Link} to={viewBookingPath(entry, job.jobNo)} size="compact-xs" variant="subtle" aria-label={`View booking ${job.jobNo}`}>
            View
          </Button>
        </Group>
      ),
    },
  ];
}

/**
 * The Daily Booking Sheet (/importbooklist for Head and Admin, /importbooklistemployee for an
 * Employee; requirements 02 §2): the proceeded jobs of the direction, the caller's own for an Employee
 * (the service decides by the caller's id). Search (job number, consignee, shipper, B/L,
 * container, vessel, user, term, type, date; "active"/"inactive" match the job status), the
 * Active/Inactive/All filter, sort and pages of 50 all happen on the server. A click on a row
 * highlights it.
 */
export function BookingSheetPage({ entry }: { entry: BookingEntry }) {
  const direction = useDirection();
  // A new list (search, filter, page) when the address switches between Import and Export.
  return <BookingSheet key={direction} entry={entry} direction={direction} />;
}

function BookingSheet({ entry, direction }: { entry: BookingEntry; direction: Direction }) {
  const session = useSession();
  // A colleague's save shows on the open sheet without a reload (the gateway's job stream).
  useLiveJobs([BOOKINGS_KEY]);
  const list = useServerList(
    BOOKINGS_KEY,
    api.shipmentsListBookings,
    BOOKING_PAGE_SIZE,
    { status: 'active', direction },
    { pathParams: { userId: session?.userId ?? '' }, decode: plainJob },
  );
  return (
    <JobsPage title="Daily Booking Sheet">
      <BookingLinks entry={entry} direction={direction} />
      {direction === 'Export' && <Text fw={600}>Export jobs</Text>}
      <DataTable
        list={list}
        columns={columns(entry)}
        rowKey={(job) => job.jobNo}
        caption="Daily Booking Sheet"
        searchLabel="Search bookings"
        emptyText={JobTexts.noBookings}
        loadErrorText={JobTexts.bookingListFailed}
        highlightRows
        toolbar={
          <NativeSelect
            label="Job status"
            data={STATUS_FILTERS}
            value={list.params.filters.status ?? 'active'}
            onChange={(event) => list.setFilter('status', event.currentTarget.value)}
          />
        }
      />
    </JobsPage>
  );
}

// The screens by route (lazy screens take no props).
export const AdminBookingSheetPage = () => <BookingSheetPage entry="admin" />;
export const EmployeeBookingSheetPage = () => <BookingSheetPage entry="employee" />;
