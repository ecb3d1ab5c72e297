import { TrackingTexts } from './tracking-texts.js';

/** The spec's catalogue (requirements 02 §8) and ours where it is silent. */
export const JobTexts = {
  jobAdded: 'Shipment added successfully!',
  addFailed: 'Failed to add shipment. Please try again.',
  jobUpdated: 'Job updated successfully',
  jobUpdateFailed: 'Failed to update job',
  jobUpdateError: 'Error updating job',
  bookingUpdated: 'Booking updated successfully',
  bookingUpdateFailed: 'Failed to update booking',
  bookingUpdateError: 'Error updating booking',
  mailSent: 'Booking confirmation email sent successfully',
  mailFailed: 'Failed to send email',
  mailError: 'Error sending email',
  jobNotFound: 'Job not found',
  jobFetchError: 'Error fetching job data',
  bookingNotFound: 'Booking not found',
  bookingFetchError: 'Error fetching booking data',
  dropdownError: 'Error fetching dropdown data',
  dropdownFailed: 'Failed to load dropdown data.',
  bookingListFailed: 'Failed to fetch booking list data',
  noBookings: 'No bookings available.',
  noJob: 'No job data available',
  worklistFailed: 'Failed to fetch worklist data',
  noWorklist: 'No worklist data available',
  shipmentNotFound: 'Shipment not found or does not exist',
  shipmentFetchError: 'Error fetching shipment details',
  deleteError: 'Error deleting the shipment',
  deleted: 'Shipment deleted successfully',
  deleteConfirm: 'Are you sure you want to delete this shipment?',
  blNotFound: TrackingTexts.notFound,
  /** Ours: a save over a newer version (optimistic concurrency). */
  changedByOthers: 'This job was changed by someone else since you opened it. Reload it to see their changes, then save again.',
  /** Ours: the status rule of requirements 02 §4. */
  proceedOnlyConfirmed: 'Proceed to Proceeding can only be ticked while the status is Booking Confirmed',
  etaBeforeEtd: 'ETA must not be before ETD',
  /** Ours: an Employee naming another assignee, or another user's id in a list path. */
  notYourJob: 'You can only see and change the jobs assigned to you.',
  /** Ours: a consignee or shipper asking for a booking that is not theirs (clientbooking, 403). */
  notYourBooking: 'This booking is not yours: you can only see your own bookings.',
} as const;
