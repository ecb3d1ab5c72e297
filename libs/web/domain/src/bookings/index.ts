// A booking as the staff's sheet and the client portal show it: its state badges, its facts and its columns.
export { JobStatusBadge } from './booking-cells.js';
export { FactsList, bookingShipmentFacts, factsOf } from './booking-facts.js';
export { BOOKING_LEAD_COLUMNS, SHIPMENT_COLUMNS } from './booking-columns.js';
