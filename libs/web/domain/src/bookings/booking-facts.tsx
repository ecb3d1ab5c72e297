import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import type { ClientBooking } from '@freight/contracts';
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

/**
 * A booking's facts from Branch City to Job Status, in the form's order (requirements 02 §3): what the
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
