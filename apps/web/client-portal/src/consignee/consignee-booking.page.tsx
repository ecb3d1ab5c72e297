import { Link } from 'react-router-dom';
import { Button, Group } from '@mantine/core';
import { ErrorNotice, LoadingNotice } from '@freight/web-kit';
import { FactsList } from '@freight/web-domain/bookings';
import { ClientFrame } from '../frame/client-frame.js';
import { StatusTimelineList, bookingErrorText, consigneeFacts, useClientBooking } from '../bookings/client-booking.js';

/**
 * /viewbookingconsignee/{jobNo} (requirements 02 §2): the consignee's booking read-only with its status
 * timeline, and "Track & Trace" back to /consigneeshipmentview.
 */
export function ConsigneeBookingPage() {
  const { booking } = useClientBooking();
  return (
    <ClientFrame title="View Booking">
      {booking.isPending ? (
        <LoadingNotice />
      ) : booking.isError ? (
        <ErrorNotice>{bookingErrorText(booking.error)}</ErrorNotice>
      ) : (
        <>
          <FactsList facts={consigneeFacts(booking.data.job)} />
          <StatusTimelineList history={booking.data.history} />
        </>
      )}
      <Group>
        <Button component={Link} to="/consigneeshipmentview">
          Track &amp; Trace
        </Button>
      </Group>
    </ClientFrame>
  );
}
