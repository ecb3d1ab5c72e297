import type { BookingMailData } from '@freight/contracts';
import { Facts, Layout } from './layout.js';

/** The job's facts of requirements decisions §3, in the order both booking e-mails show them. */
export function bookingFacts(data: BookingMailData): [string, string][] {
  return [
    ['Job number', data.jobNumber],
    ['Type of shipment', data.typeOfShipment],
    ['Term of shipment', data.termOfShipment],
    ['Origin', data.origin],
    ['Vessel', data.vessel],
    ['ETD', data.etd],
    ['ETA', data.eta],
    ['BL number', data.blNumber],
    ['Container numbers', data.containerNumbers.length ? data.containerNumbers.join(', ') : '—'],
    ['Status', data.status],
  ];
}

export const bookingConfirmationSubject = (data: BookingMailData) => `Booking confirmation: ${data.jobNumber}`;

export function BookingConfirmation({ data }: { data: BookingMailData }) {
  const title = bookingConfirmationSubject(data);
  return (
    <Layout title={title} preview={`Your booking ${data.jobNumber} is confirmed.`}>
      <p>Dear {data.consigneeName},</p>
      <p>Your booking is confirmed. These are its details:</p>
      <Facts rows={bookingFacts(data)} />
      <p>We will write again when any of them changes.</p>
    </Layout>
  );
}

export const updatedDataSubject = (data: BookingMailData) => `Shipment update: ${data.jobNumber}`;

export function UpdatedData({ data }: { data: BookingMailData }) {
  const title = updatedDataSubject(data);
  return (
    <Layout title={title} preview={`The details of ${data.jobNumber} have changed.`}>
      <p>Dear {data.consigneeName},</p>
      <p>The details of your shipment have been updated. They are now:</p>
      <Facts rows={bookingFacts(data)} />
    </Layout>
  );
}
