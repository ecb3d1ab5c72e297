import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { JobTexts, type ClientBooking, type StatusTimeline, jobs } from '@freight/contracts';
import { JobStatusBadge, ShipmentStateBadge, callApi, formatDate, isApiError, serverMessage, textOrNA } from '@freight/web-kit';

const text = (value: string | null | undefined) => textOrNA(value ?? null);
const date = (value: string | null | undefined) => formatDate(value ?? null);
const count = (value: number | null | undefined) => String(value ?? 0);

/** The booking of the address (`:jobNo`) with its status history: the caller's own only (the gateway answers 403 otherwise). */
export function useClientBooking() {
  const jobNo = useParams().jobNo ?? '';
  const booking = useQuery({
    queryKey: ['client-booking', jobNo],
    queryFn: async ({ signal }) => {
      const reply = await callApi(jobs.routes.shipmentsClientbooking, { params: { jobNo } }, { signal });
      const job = reply.results[0];
      if (!job) throw new Error(JobTexts.bookingNotFound);
      return { job, history: reply.history };
    },
  });
  return { jobNo, booking };
}

/** spec 02 §8: "Booking not found" (404), the server's refusal (403: not theirs), else "Error fetching booking data". */
export function bookingErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 404) return JobTexts.bookingNotFound;
  if (isApiError(error) && error.status === 403) return serverMessage(error, JobTexts.bookingFetchError);
  if (error instanceof Error && error.message === JobTexts.bookingNotFound) return JobTexts.bookingNotFound;
  return JobTexts.bookingFetchError;
}

/** The consignee's read-only view: every field a client may see (no personal remarks, no invoice), in the form's order. */
export function consigneeFacts(job: ClientBooking): [string, ReactNode][] {
  return [
    ['Job No', job.jobNo],
    ['Date', date(job.date)],
    ['Branch City', text(job.branchCity.BranchCity)],
    ['Consignee', text(job.consigneeName.consigneeName)],
    ['Original Consignee (Notify)', text(job.notify?.consigneeName)],
    ['Shipper', text(job.shipperName?.shipperName)],
    ['Forwarder', text(job.forwarderName?.Forwarder)],
    ['Origin Port', text(job.originPort.OriginPortName)],
    ['Yard', text(job.yardName?.YardName)],
    ['Type of Shipment', text(job.typeOfShipment.TypeofShipment)],
    ['Term of Shipment', text(job.termOfShipment.TermofShipment)],
    ['Shipment Status', text(job.ShipmentStatus)],
    ['Status of Shipment', <ShipmentStateBadge key="state" state={job.statusOfShipment} />],
    ['Cartoons', count(job.cartoons)],
    ['CBM', count(job.cbm)],
    ['Weight', `${job.weight ?? 0} kg`],
    ['BL No', text(job.blNo)],
    ['Container No', text(job.containerNo)],
    ['Vessel Name', text(job.Vesselname)],
    ['Warehouse Arrival Date', date(job.whArrivalDate)],
    ['ETD', date(job.etd)],
    ['ETA', date(job.eta)],
    ['Booking No', text(job.bookingNo)],
    ['DO Issue Date', date(job.doIssue)],
    ['De-stuff Date', date(job.deStuff)],
    ['Job Status', <JobStatusBadge key="status" active={job.jobStatus} />],
    ['Additional Information', text(job.remarks)],
  ];
}

/** The shipper's read-only table, the fields of spec 02 §2 (Shipper) in its order. */
export function shipperFacts(job: ClientBooking): [string, ReactNode][] {
  return [
    ['Assigned To', text(job.user.fullName)],
    ['Consignee', text(job.consigneeName.consigneeName)],
    ['Shipper', text(job.shipperName?.shipperName)],
    ['Forwarder', text(job.forwarderName?.Forwarder)],
    ['Origin Port', text(job.originPort.OriginPortName)],
    ['Yard', text(job.yardName?.YardName)],
    ['Branch City', text(job.branchCity.BranchCity)],
    ['Shipment Type', text(job.typeOfShipment.TypeofShipment)],
    ['Shipment Term', text(job.termOfShipment.TermofShipment)],
    ['Shipment Status', text(job.ShipmentStatus)],
    ['Status of Shipment', <ShipmentStateBadge key="state" state={job.statusOfShipment} />],
    ['Date', date(job.date)],
    ['Cartoons', count(job.cartoons)],
    ['CBM', count(job.cbm)],
    ['Weight', `${job.weight ?? 0} kg`],
    ['BL No', text(job.blNo)],
    ['Container No', text(job.containerNo)],
    ['Vessel Name', text(job.Vesselname)],
    ['Warehouse Arrival', date(job.whArrivalDate)],
    ['ETD', date(job.etd)],
    ['ETA', date(job.eta)],
    ['Booking No', text(job.bookingNo)],
    ['DO Issue', date(job.doIssue)],
    ['De-stuff', date(job.deStuff)],
    ['Job Status', <JobStatusBadge key="status" active={job.jobStatus} />],
    ['Remarks', text(job.remarks)],
  ];
}

/** Facts as a description list, wrapping long text. */
export function FactsList({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} m={0} spacing="md" verticalSpacing="sm">
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" fw={700} size="sm">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Facts as a two-column table (the shipper's view, spec 02 §2: "a read-only table"). */
export function FactsTable({ facts, caption }: { facts: [string, ReactNode][]; caption: string }) {
  return (
    <Table withTableBorder striped>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Tbody>
        {facts.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="40%">
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The booking's status history, oldest first: each status with its date. */
export function StatusTimelineList({ history }: { history: StatusTimeline }) {
  return (
    <Stack component="section" aria-labelledby="status-timeline" gap="xs">
      <Title order={3} size="h4" id="status-timeline">
        Status timeline
      </Title>
      {history.length === 0 ? (
        <Text>No status changes recorded yet.</Text>
      ) : (
        <Stack component="ol" gap={6} m={0} pl="lg">
          {history.map((step, i) => (
            <li key={`${step.date}-${i}`}>
              <Text span fw={600}>
                {step.status}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                {formatDate(step.date)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
