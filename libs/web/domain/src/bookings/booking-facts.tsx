import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import type { PlainBooking } from '@freight/contracts';
import { formatCount, formatDate, formatWeight, textOrNA } from '@freight/web-kit';
import { JobStatusBadge, ShipmentStateBadge } from './booking-cells.js';

// A booking's read-only view, on the staff's View Booking and the consignee's. A module of its
// own, so that a booking list's chunk does not carry it.

/**
 * A booking's facts (label, how it reads) as a description list, wrapping long text; the
 * employee's view has its labels in capitals (requirements 02 §2).
 */
export function FactsList({ facts, upperCase = false }: { facts: [label: string, value: ReactNode][]; upperCase?: boolean }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} m={0} spacing="md" verticalSpacing="sm">
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" fw={700} size="sm">
            {upperCase ? label.toUpperCase() : label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** How each fact of a booking reads, by field: the one place every view of a booking takes them from. */
export const bookingFact = {
  jobNo: (job) => job.jobNo,
  date: (job) => formatDate(job.date),
  assignedTo: (job) => textOrNA(job.user),
  branchCity: (job) => textOrNA(job.branchCity),
  consignee: (job) => textOrNA(job.consigneeName),
  notify: (job) => textOrNA(job.notify),
  shipper: (job) => textOrNA(job.shipperName),
  forwarder: (job) => textOrNA(job.forwarderName),
  originPort: (job) => textOrNA(job.originPort),
  yard: (job) => textOrNA(job.yardName),
  typeOfShipment: (job) => textOrNA(job.typeOfShipment),
  termOfShipment: (job) => textOrNA(job.termOfShipment),
  shipmentStatus: (job) => textOrNA(job.status),
  statusOfShipment: (job) => <ShipmentStateBadge key="state" state={job.statusOfShipment} />,
  cartoons: (job) => formatCount(job.cartoons),
  cbm: (job) => formatCount(job.cbm),
  weight: (job) => formatWeight(job.weight),
  blNo: (job) => textOrNA(job.blNo),
  containerNo: (job) => textOrNA(job.containerNo),
  vesselName: (job) => textOrNA(job.vesselName),
  warehouseArrival: (job) => formatDate(job.whArrivalDate),
  etd: (job) => formatDate(job.etd),
  eta: (job) => formatDate(job.eta),
  bookingNo: (job) => textOrNA(job.bookingNo),
  doIssue: (job) => formatDate(job.doIssue),
  deStuff: (job) => formatDate(job.deStuff),
  jobStatus: (job) => <JobStatusBadge key="status" active={job.jobStatus} />,
  remarks: (job) => textOrNA(job.remarks),
} satisfies Record<string, (job: PlainBooking) => ReactNode>;

export type BookingFactField = keyof typeof bookingFact;

/** `job`'s facts as a view lists them: each with the view's own label, in the view's order. */
export function factsOf(job: PlainBooking, fields: readonly [label: string, field: BookingFactField][]): [label: string, value: ReactNode][] {
  return fields.map(([label, field]) => [label, bookingFact[field](job)]);
}

/**
 * A booking's facts from Branch City to Job Status, in the form's order (requirements 02 §3): what the
 * staff's view and the consignee's share, each as a label and how it reads.
 */
export function bookingShipmentFacts(job: PlainBooking): [label: string, value: ReactNode][] {
  return factsOf(job, [
    ['Branch City', 'branchCity'],
    ['Consignee', 'consignee'],
    ['Original Consignee (Notify)', 'notify'],
    ['Shipper', 'shipper'],
    ['Forwarder', 'forwarder'],
    ['Origin Port', 'originPort'],
    ['Yard', 'yard'],
    ['Type of Shipment', 'typeOfShipment'],
    ['Term of Shipment', 'termOfShipment'],
    ['Shipment Status', 'shipmentStatus'],
    ['Status of Shipment', 'statusOfShipment'],
    ['Cartoons', 'cartoons'],
    ['CBM', 'cbm'],
    ['Weight', 'weight'],
    ['BL No', 'blNo'],
    ['Container No', 'containerNo'],
    ['Vessel Name', 'vesselName'],
    ['Warehouse Arrival Date', 'warehouseArrival'],
    ['ETD', 'etd'],
    ['ETA', 'eta'],
    ['Booking No', 'bookingNo'],
    ['DO Issue Date', 'doIssue'],
    ['De-stuff Date', 'deStuff'],
    ['Job Status', 'jobStatus'],
  ]);
}
