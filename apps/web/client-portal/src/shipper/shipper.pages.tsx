import { Link } from 'react-router-dom';
import { Button, Group } from '@mantine/core';
import { ErrorNotice, LoadingNotice } from '@freight/web-kit';
import { ClientFrame } from '../frame/client-frame.js';
import { ClientBookingList } from '../bookings/booking-list.js';
import { FactsTable, bookingErrorText, shipperFacts, useClientBooking } from '../bookings/client-booking.js';

/** /shippershipmentview (requirements 02 §2): the shipper's own bookings, read-only, searched and paged on the server. */
export function ShipperBookingsPage() {
  return (
    <ClientFrame title="Shipper Bookings">
      <ClientBookingList role="shipper" />
    </ClientFrame>
  );
}

/** /viewbookingshipper/{jobNo} (requirements 02 §2): the read-only table of the shipper's booking and the way back. */
export function ShipperBookingPage() {
  const { jobNo, booking } = useClientBooking();
  return (
    <ClientFrame title="View Booking">
      {booking.isPending ? (
        <LoadingNotice />
      ) : booking.isError ? (
        <ErrorNotice>{bookingErrorText(booking.error)}</ErrorNotice>
      ) : (
        <FactsTable facts={shipperFacts(booking.data.job)} caption={`Booking ${jobNo}`} />
      )}
      <Group>
        <Button component={Link} to="/shippershipmentview">
          Back to Shipper Bookings
        </Button>
      </Group>
    </ClientFrame>
  );
}
