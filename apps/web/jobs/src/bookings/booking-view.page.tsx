import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { JobTexts, api, type Job } from '@freight/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  ErrorNotice,
  LastMailStatus,
  LoadingNotice,
  callApi,
  formatMoney,
  isApiError,
  jobMailsKey,
  serverMessage,
  toastError,
  toastSuccess,
} from '@freight/web-kit';
import { JobsPage } from '../frame/jobs-page.js';
import { JobStatusBadge, ShipmentStateBadge, dateText, nameText, numberText, weightText, yesNo } from './booking-cells.js';
import { editBookingPath, sheetPath, type BookingEntry } from './booking-paths.js';
import { bookingLoadErrorText, useBooking } from './use-booking.js';

/** The booking's facts in the order of the form (spec 02 §3), each as a label and how it reads. */
export function bookingFacts(job: Job): [label: string, value: ReactNode][] {
  return [
    ['Job No', job.jobNo],
    ['Direction', job.direction],
    ['Date', dateText(job.date)],
    ['Assigned To', nameText(job.user.fullName)],
    ['Branch City', nameText(job.branchCity.BranchCity)],
    ['Consignee', nameText(job.consigneeName.consigneeName)],
    ['Original Consignee (Notify)', nameText(job.notify?.consigneeName)],
    ['Shipper', nameText(job.shipperName?.shipperName)],
    ['Forwarder', nameText(job.forwarderName?.Forwarder)],
    ['Origin Port', nameText(job.originPort.OriginPortName)],
    ['Yard', nameText(job.yardName?.YardName)],
    ['Type of Shipment', nameText(job.typeOfShipment.TypeofShipment)],
    ['Term of Shipment', nameText(job.termOfShipment.TermofShipment)],
    ['Shipment Status', nameText(job.ShipmentStatus)],
    ['Status of Shipment', <ShipmentStateBadge key="state" state={job.statusOfShipment} />],
    ['Cartoons', numberText(job.cartoons)],
    ['CBM', numberText(job.cbm)],
    ['Weight', weightText(job.weight)],
    ['BL No', nameText(job.blNo)],
    ['Container No', nameText(job.containerNo)],
    ['Vessel Name', nameText(job.Vesselname)],
    ['Warehouse Arrival Date', dateText(job.whArrivalDate)],
    ['ETD', dateText(job.etd)],
    ['ETA', dateText(job.eta)],
    ['Booking No', nameText(job.bookingNo)],
    ['DO Issue Date', dateText(job.doIssue)],
    ['De-stuff Date', dateText(job.deStuff)],
    ['Job Status', <JobStatusBadge key="status" active={job.jobStatus} />],
    ['Status Update to Client', job.statusUpdateToClient ? 'Active' : 'Inactive'],
    ['Proceed to Proceeding', yesNo(job.proceedToProceeding)],
    ['Invoice No', nameText(job.invoiceNo)],
    ['Invoice Amount', formatMoney(job.invoiceAmount)],
    ['Invoice Date', dateText(job.invoiceDate)],
    ['Additional Information', nameText(job.remarks)],
    ['Personal Information', nameText(job.personalremarks)],
  ];
}

/** The booking's facts as a description list; the employee's view has its labels in capitals (spec 02 §2). */
function BookingFacts({ job, upperCase }: { job: Job; upperCase: boolean }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} m={0} spacing="md" verticalSpacing="sm">
      {bookingFacts(job).map(([label, value]) => (
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

/** spec 02 §8: the server's message once the e-mail is accepted; "Failed to send email" when refused, "Error sending email" when not reached. */
export function mailErrorText(error: unknown): string {
  if (!isApiError(error) || !error.answered) return JobTexts.mailError;
  const reason = serverMessage(error, '');
  return reason ? `${JobTexts.mailFailed}: ${reason}` : JobTexts.mailFailed;
}

/** "Send Updated Data Mail to Consignee": hands the updated-data e-mail to the service (sendupdatingmail). */
function SendUpdateMailButton({ job }: { job: Job }) {
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();
  const send = async () => {
    setSending(true);
    try {
      const reply = await callApi(api.shipmentsSendupdatingmail, { params: { jobNo: job.jobNo }, body: { typeOfShipment: job.typeOfShipment.TypeofShipment } });
      toastSuccess(reply.message);
      // The last e-mail's state below the data follows this one from queued to sent.
      void queryClient.invalidateQueries({ queryKey: jobMailsKey(job.jobNo) });
    } catch (error) {
      toastError(mailErrorText(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={() => void send()} loading={sending}>
      Send Updated Data Mail to Consignee
    </Button>
  );
}

/**
 * View booking (/viewbooking/{jobNo} for Head and Admin, /viewbookingemployee/{jobNo} for an
 * Employee; spec 02 §2): every field of the booking (N/A, 0, kg, Rs. as DECISIONS §1 says), the
 * updated-data e-mail button and the way back to the Daily Booking Sheet.
 */
export function BookingViewPage({ entry }: { entry: BookingEntry }) {
  const { jobNo, booking } = useBooking();
  let body;
  if (booking.isPending) body = <LoadingNotice />;
  else if (booking.isError) body = <ErrorNotice>{bookingLoadErrorText(booking.error)}</ErrorNotice>;
  else body = <BookingFacts job={booking.data} upperCase={entry === 'employee'} />;
  const job = booking.data;

  return (
    <JobsPage title="View Booking">
      {body}
      {job && <LastMailStatus jobNo={job.jobNo} />}
      <Group>
        {job && <SendUpdateMailButton job={job} />}
        <Button component={Link} to={sheetPath(entry, job?.direction)} variant="default">
          Daily Booking Sheet
        </Button>
        {job && (
          <Button component={Link} to={editBookingPath(entry, jobNo)} variant="light">
            Edit Booking
          </Button>
        )}
      </Group>
    </JobsPage>
  );
}

export const AdminBookingViewPage = () => <BookingViewPage entry="admin" />;
export const EmployeeBookingViewPage = () => <BookingViewPage entry="employee" />;
