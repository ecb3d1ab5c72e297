import { Text } from '@mantine/core';
import type { PlainBooking } from '@freight/contracts';
import { type Column, formatDate, textOrNA } from '@freight/web-kit';
import { ShipmentStateBadge } from './booking-cells.js';

// The columns the staff's Daily Booking Sheet and the clients' booking lists share. A module of
// their own, so that a list's chunk does not carry the booking view's facts.

/** The booking lists' first columns (requirements 02 §2): Job No, kept in view on a phone, and the date. */
export const BOOKING_LEAD_COLUMNS: Column<PlainBooking>[] = [
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
  { header: 'Date', sortField: 'date', render: (job) => formatDate(job.date) },
];

/** The booking lists' shipment columns (requirements 02 §2), Origin Port to Status of Shipment, each sorted on the server. */
export const SHIPMENT_COLUMNS: Column<PlainBooking>[] = [
  { header: 'Origin Port', sortField: 'originPort', render: (job) => textOrNA(job.originPort) },
  { header: 'Type', sortField: 'typeOfShipment', render: (job) => textOrNA(job.typeOfShipment) },
  { header: 'Term', sortField: 'termOfShipment', render: (job) => textOrNA(job.termOfShipment) },
  { header: 'B/L No', sortField: 'blNo', render: (job) => textOrNA(job.blNo) },
  { header: 'Container No', sortField: 'containerNo', render: (job) => textOrNA(job.containerNo) },
  // The sort key is the wire's (`sort=Vesselname`, ADR 56).
  { header: 'Vessel', sortField: 'Vesselname', render: (job) => textOrNA(job.vesselName) },
  { header: 'ETD', sortField: 'etd', render: (job) => formatDate(job.etd) },
  { header: 'ETA', sortField: 'eta', render: (job) => formatDate(job.eta) },
  { header: 'Status of Shipment', sortField: 'statusOfShipment', render: (job) => <ShipmentStateBadge state={job.statusOfShipment} /> },
];
