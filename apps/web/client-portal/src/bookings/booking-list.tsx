import { Link } from 'react-router-dom';
import { Button } from '@mantine/core';
import { JobTexts, type ClientRole, type PlainBooking, jobs, plainJob } from '@freight/contracts';
import { DataTable, textOrNA, useClientSession, useServerList, type Column } from '@freight/web-kit';
import { BOOKING_LEAD_COLUMNS, SHIPMENT_COLUMNS } from '@freight/web-domain/bookings';

/** requirements 02 §9: pages of 50 rows. */
export const CLIENT_PAGE_SIZE = 50;

/**
 * A client's bookings (requirements 02 §2): the Daily Booking Sheet's columns without assignee,
 * consignee and job status; the shipper's list names the consignee instead of the shipper.
 */
function columns(role: ClientRole): Column<PlainBooking>[] {
  const viewPath = role === 'consignee' ? '/viewbookingconsignee' : '/viewbookingshipper';
  return [
    ...BOOKING_LEAD_COLUMNS,
    role === 'consignee'
      ? { header: 'Shipper', sortField: 'shipperName', render: (job) => textOrNA(job.shipperName) }
      : { header: 'Consignee', sortField: 'consigneeName', render: (job) => textOrNA(job.consigneeName) },
    ...SHIPMENT_COLUMNS,
    {
      header: 'Actions',
      sticky: 'end',
      render: (job) => (
        <Button component={Link} to={`${viewPath}/${encodeURIComponent(job.jobNo)}`} size="compact-xs" variant="light" aria-label={`View booking ${job.jobNo}`}>
          View
        </Button>
      ),
    },
  ];
}

/**
 * The signed-in client's own bookings (`allbooklistconsignee/{username}` or
 * `allbooklistshipper/{username}`; the gateway answers only the caller's own): searched, sorted
 * and paged (50) on the server; a click on a row highlights it. Failures show "Failed to fetch
 * booking list data" instead of the table, none "No bookings available." (requirements 02 §8).
 */
export function ClientBookingList({ role }: { role: ClientRole }) {
  const session = useClientSession();
  const route = role === 'consignee' ? jobs.routes.shipmentsListConsigneeBookings : jobs.routes.shipmentsListShipperBookings;
  const list = useServerList(`client-bookings-${role}`, route, CLIENT_PAGE_SIZE, {}, { pathParams: { username: session?.username ?? '' }, decode: plainJob });
  return (
    <DataTable
      list={list}
      columns={columns(role)}
      rowKey={(job) => job.jobNo}
      caption="My bookings"
      searchLabel="Search bookings"
      emptyText={JobTexts.noBookings}
      loadErrorText={JobTexts.bookingListFailed}
      highlightRows
    />
  );
}
