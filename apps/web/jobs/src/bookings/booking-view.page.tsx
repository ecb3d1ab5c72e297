import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group } from '@mantine/core';
import { JobTexts, api, type PlainJob } from '@freight/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorNotice, LoadingNotice, callApi, formatDate, formatMoney, isApiError, serverMessage, textOrNA, toastError, toastSuccess } from '@freight/web-kit';
import { FactsList, bookingShipmentFacts } from '@freight/web-domain/bookings';
import { JobTabs, LastMailStatus, jobMailsKey } from '@freight/web-domain/jobs';
import { JobsPage } from '../frame/jobs-page.js';
import { editBookingPath, sheetPath, type BookingEntry } from './booking-paths.js';
import { bookingLoadErrorText, useBooking } from './use-booking.js';

/** The booking's facts in the order of the form (requirements 02 §3), each as a label and how it reads. */
export function bookingFacts(job: PlainJob): [label: string, value: ReactNode][] {
  return [
    ['Job No', job.jobNo],
    ['Direction', job.direction],
    ['Date', formatDate(job.date)],
    ['Assigned To', textOrNA(job.user)],
    ...bookingShipmentFacts(job),
    ['Status Update to Client', job.statusUpdateToClient ? 'Active' : 'Inactive'],
    ['Proceed to Proceeding', job.proceedToProceeding ? 'Yes' : 'No'],
    ['Invoice No', textOrNA(job.invoiceNo)],
    ['Invoice Amount', formatMoney(job.invoiceAmount)],
    ['Invoice Date', formatDate(job.invoiceDate)],
    ['Additional Information', textOrNA(job.remarks)],
    ['Personal Information', textOrNA(job.personalRemarks)],
  ];
}

/** requirements 02 §8: the server's message once the e-mail is accepted; "Failed to send email" when refused, "Error sending email" when not reached. */
export function mailErrorText(error: unknown): string {
  if (!isApiError(error) || !error.answered) return JobTexts.mailError;
  const reason = serverMessage(error, '');
  return reason ? `${JobTexts.mailFailed}: ${reason}` : JobTexts.mailFailed;
}

/** "Send Updated Data Mail to Consignee": hands the updated-data e-mail to the service (sendupdatingmail). */
function SendUpdateMailButton({ job }: { job: PlainJob }) {
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();
  const send = async () => {
    setSending(true);
    try {
      const reply = await callApi(api.shipmentsSendUpdateMail, { params: { jobNo: job.jobNo }, body: { typeOfShipment: job.typeOfShipment } });
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
 * Employee; requirements 02 §2): every field of the booking (N/A, 0, kg, Rs. as requirements decisions §1 says), the
 * updated-data e-mail button and the way back to the Daily Booking Sheet.
 */
export function BookingViewPage({ entry }: { entry: BookingEntry }) {
  const { jobNo, booking } = useBooking();
  let body;
  if (booking.isPending) body = <LoadingNotice />;
  else if (booking.isError) body = <ErrorNotice>{bookingLoadErrorText(booking.error)}</ErrorNotice>;
  else
    body = (
      <JobTabs jobNo={booking.data.jobNo}>
        <FactsList facts={bookingFacts(booking.data)} upperCase={entry === 'employee'} />
      </JobTabs>
    );
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
