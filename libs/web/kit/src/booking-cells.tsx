import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import type { ClientBooking, Job } from '@freight/contracts';
import type { Column } from './data-table.js';
import { formatCount, formatDate, formatWeight, textOrNA } from './format.js';

// How a booking's marked values read (spec 02 §4), on the staff screens and the client portal alike.
// Shades 9: white badge text stays above 4.5:1 (shade 6 is about 3:1).

/** A word marked in colour (white on a dark shade). */
function Mark({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Text span size="xs" fw={700} c="white" bg={color} px={6} py={2} style={{ borderRadius: 4, whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** Active or Inactive (spec 02 §4: inactive highlighted red); N/A when missing. */
export function JobStatusBadge({ active }: { active: boolean | null | undefined }) {
  if (active === null || active === undefined) return <Text span>N/A</Text>;
  return active ? <Text span>Active</Text> : <Mark color="red.9">Inactive</Mark>;
}

/** Arrived, Cancel, Transit or Process (spec 02 §4: Arrived highlighted); N/A when not set. */
export function ShipmentStateBadge({ state }: { state: Job['statusOfShipment'] }) {
  if (!state) return <Text span>N/A</Text>;
  return state === 'Arrived' ? <Mark color="teal.9">Arrived</Mark> : <Text span>{state}</Text>;
}

/**
 * A booking's facts (label, how it reads) as a description list, wrapping long text; the
 * employee's view has its labels in capitals (spec 02 §2).
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

/** The booking lists' first columns (spec 02 §2): Job No, kept in view on a phone, and the date. */
export const BOOKING_LEAD_COLUMNS: Column<ClientBooking>[] = [
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

/** The booking lists' shipment columns (spec 02 §2), Origin Port to Status of Shipment, each sorted on the server. */
export const SHIPMENT_COLUMNS: Column<ClientBooking>[] = [
  { header: 'Origin Port', sortField: 'originPort', render: (job) => textOrNA(job.originPort.OriginPortName) },
  { header: 'Type', sortField: 'typeOfShipment', render: (job) => textOrNA(job.typeOfShipment.TypeofShipment) },
  { header: 'Term', sortField: 'termOfShipment', render: (job) => textOrNA(job.termOfShipment.TermofShipment) },
  { header: 'B/L No', sortField: 'blNo', render: (job) => textOrNA(job.blNo) },
  { header: 'Container No', sortField: 'containerNo', render: (job) => textOrNA(job.containerNo) },
  { header: 'Vessel', sortField: 'Vesselname', render: (job) => textOrNA(job.Vesselname) },
  { header: 'ETD', sortField: 'etd', render: (job) => formatDate(job.etd) },
  { header: 'ETA', sortField: 'eta', render: (job) => formatDate(job.eta) },
  { header: 'Status of Shipment', sortField: 'statusOfShipment', render: (job) => <ShipmentStateBadge state={job.statusOfShipment} /> },
];

/**
 * A booking's facts from Branch City to Job Status, in the form's order (spec 02 §3): what the
 * staff's view and the consignee's share, each as a label and how it reads.
 */
export function bookingShipmentFacts(job: ClientBooking): [label: string, value: ReactNode][] {
  return [
    ['Branch City', textOrNA(job.branchCity.BranchCity)],
    ['Consignee', textOrNA(job.consigneeName.consigneeName)],
    ['Original Consignee (Notify)', textOrNA(job.notify?.consigneeName)],
    ['Shipper', textOrNA(job.shipperName?.shipperName)],
    ['Forwarder', textOrNA(job.forwarderName?.Forwarder)],
    ['Origin Port', textOrNA(job.originPort.OriginPortName)],
    ['Yard', textOrNA(job.yardName?.YardName)],
    ['Type of Shipment', textOrNA(job.typeOfShipment.TypeofShipment)],
    ['Term of Shipment', textOrNA(job.termOfShipment.TermofShipment)],
    ['Shipment Status', textOrNA(job.ShipmentStatus)],
    ['Status of Shipment', <ShipmentStateBadge key="state" state={job.statusOfShipment} />],
    ['Cartoons', formatCount(job.cartoons)],
    ['CBM', formatCount(job.cbm)],
    ['Weight', formatWeight(job.weight)],
    ['BL No', textOrNA(job.blNo)],
    ['Container No', textOrNA(job.containerNo)],
    ['Vessel Name', textOrNA(job.Vesselname)],
    ['Warehouse Arrival Date', formatDate(job.whArrivalDate)],
    ['ETD', formatDate(job.etd)],
    ['ETA', formatDate(job.eta)],
    ['Booking No', textOrNA(job.bookingNo)],
    ['DO Issue Date', formatDate(job.doIssue)],
    ['De-stuff Date', formatDate(job.deStuff)],
    ['Job Status', <JobStatusBadge key="status" active={job.jobStatus} />],
  ];
}
