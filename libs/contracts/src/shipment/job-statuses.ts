/** requirements 02 §4: any value may be picked on add or edit. */
export const SHIPMENT_STATUSES = ['Booking Confirmed', 'Consignee Response', 'Inquiry For Charges'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/** The only status in which "Proceed to Proceeding" may be ticked; any other resets it. */
export const BOOKING_CONFIRMED: ShipmentStatus = 'Booking Confirmed';

/** requirements 02 §4: where the cargo is (Arrived is shown highlighted). */
export const SHIPMENT_STATES = ['Arrived', 'Cancel', 'Transit', 'Process'] as const;
export type StatusOfShipment = (typeof SHIPMENT_STATES)[number];
