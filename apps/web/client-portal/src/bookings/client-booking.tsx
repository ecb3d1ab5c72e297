import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { JobTexts, type PlainBooking, type StatusTimeline, jobs, plainJob } from '@freight/contracts';
import { callApi, formatDate, isApiError, serverMessage } from '@freight/web-kit';
import { bookingShipmentFacts, factsOf } from '@freight/web-domain/bookings';

/** The booking of the address (`:jobNo`), by plain names, with its status history: the caller's own only (the gateway answers 403 otherwise). */
export function useClientBooking() {
  const jobNo = useParams().jobNo ?? '';
  const booking = useQuery({
    queryKey: ['client-booking', jobNo],
    queryFn: async ({ signal }) => {
      const reply = await callApi(jobs.routes.shipmentsFindClientBooking, { params: { jobNo } }, { signal });
      const job = reply.results[0];
      if (!job) throw new Error(JobTexts.bookingNotFound);
      return { job: plainJob(job), history: reply.history };
    },
  });
  return { jobNo, booking };
}

/** requirements 02 §8: "Booking not found" (404), the server's refusal (403: not theirs), else "Error fetching booking data". */
export function bookingErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 404) return JobTexts.bookingNotFound;
  if (isApiError(error) && error.status === 403) return serverMessage(error, JobTexts.bookingFetchError);
  if (error instanceof Error && error.message === JobTexts.bookingNotFound) return JobTexts.bookingNotFound;
  return JobTexts.bookingFetchError;
}

/** The consignee's read-only view: every field a client may see (no personal remarks, no invoice), in the form's order. */
export function consigneeFacts(job: PlainBooking): [string, ReactNode][] {
  return [
    ...factsOf(job, [
      ['Job No', 'jobNo'],
      ['Date', 'date'],
    ]),
    ...bookingShipmentFacts(job),
    ...factsOf(job, [['Additional Information', 'remarks']]),
  ];
}

/** The shipper's read-only table, the fields of requirements 02 §2 (Shipper) with its labels, in its order. */
export function shipperFacts(job: PlainBooking): [string, ReactNode][] {
  return factsOf(job, [
    ['Assigned To', 'assignedTo'],
    ['Consignee', 'consignee'],
    ['Shipper', 'shipper'],
    ['Forwarder', 'forwarder'],
    ['Origin Port', 'originPort'],
    ['Yard', 'yard'],
    ['Branch City', 'branchCity'],
    ['Shipment Type', 'typeOfShipment'],
    ['Shipment Term', 'termOfShipment'],
    ['Shipment Status', 'shipmentStatus'],
    ['Status of Shipment', 'statusOfShipment'],
    ['Date', 'date'],
    ['Cartoons', 'cartoons'],
    ['CBM', 'cbm'],
    ['Weight', 'weight'],
    ['BL No', 'blNo'],
    ['Container No', 'containerNo'],
    ['Vessel Name', 'vesselName'],
    ['Warehouse Arrival', 'warehouseArrival'],
    ['ETD', 'etd'],
    ['ETA', 'eta'],
    ['Booking No', 'bookingNo'],
    ['DO Issue', 'doIssue'],
    ['De-stuff', 'deStuff'],
    ['Job Status', 'jobStatus'],
    ['Remarks', 'remarks'],
  ]);
}

/** Facts as a two-column table (the shipper's view, requirements 02 §2: "a read-only table"). */
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
