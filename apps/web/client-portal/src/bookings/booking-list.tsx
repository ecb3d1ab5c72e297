import { Link } from 'react-router-dom';
import { Button, Text } from '@mantine/core';
import { JobTexts, type ClientBooking, type ClientRole, jobs } from '@freight/contracts';
import { DataTable, ShipmentStateBadge, formatDate, textOrNA, useClientSession, useServerList, type Column } from '@freight/web-kit';

/** spec 02 §9: pages of 50 rows. */
export const CLIENT_PAGE_SIZE = 50;

const text = (value: string | null | undefined) => textOrNA(value ?? null);
const date = (value: string | null | undefined) => formatDate(value ?? null);

/**
 * A client's bookings (spec 02 §2): the Daily Booking Sheet's columns without assignee,
 * consignee and job status; the shipper's list names the consignee instead of the shipper.
 */
function columns(role: ClientRole): Column<ClientBooking>[] {
  const viewPath = role === 'consignee' ? '/viewbookingconsignee' : '/viewbookingshipper';
  return [
    {
      header: 'Job No',
      sortField: 'jobNo',
      sticky: 'start',
      render: (job) => (
        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {job.jobNo}
        </Text>
      ),
    },
    { header: 'Date', sortField: 'date', render: (job) => date(job.date) },
    role === 'consignee'
      ? { header: 'Shipper', sortField: 'shipperName', render: (job) => text(job.shipperName?.shipperName) }
      : { header: 'Consignee', sortField: 'consigneeName', render: (job) => text(job.consigneeName.consigneeName) },
    { header: 'Origin Port', sortField: 'originPort', render: (job) => text(job.originPort.OriginPortName) },
    { header: 'Type', sortField: 'typeOfShipment', render: (job) => text(job.typeOfShipment.TypeofShipment) },
    { header: 'Term', sortField: 'termOfShipment', render: (job) => text(job.termOfShipment.TermofShipment) },
    { header: 'B/L No', sortField: 'blNo', render: (job) => text(job.blNo) },
    { header: 'Container No', sortField: 'containerNo', render: (job) => text(job.containerNo) },
    { header: 'Vessel', sortField: 'Vesselname', render: (job) => text(job.Vesselname) },
    { header: 'ETD', sortField: 'etd', render: (job) => date(job.etd) },
    { header: 'ETA', sortField: 'eta', render: (job) => date(job.eta) },
    { header: 'Status of Shipment', sortField: 'statusOfShipment', render: (job) => <ShipmentStateBadge state={job.statusOfShipment} /> },
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
 * booking list data" instead of the table, none "No bookings available." (spec 02 §8).
 */
export function ClientBookingList({ role }: { role: ClientRole }) {
  const session = useClientSession();
  const route = role === 'consignee' ? jobs.routes.shipmentsAllbooklistconsignee : jobs.routes.shipmentsAllbooklistshipper;
  const list = useServerList(`client-bookings-${role}`, route, CLIENT_PAGE_SIZE, {}, { pathParams: { username: session?.username ?? '' } });
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
