import type { BookingMailData } from '@freight/contracts';

/** A job's facts for the booking e-mail templates (requirements decisions §3), for tests and the bench. */
export function bookingMailData(jobNumber = 'IMP-000123', overrides: Partial<BookingMailData> = {}): BookingMailData {
  return {
    consigneeName: 'Lanka Traders',
    jobNumber,
    typeOfShipment: 'FCL',
    termOfShipment: 'CIF',
    origin: 'Shanghai',
    vessel: 'MSC Aurora V.214',
    etd: '2026-12-01',
    eta: '2026-12-19',
    blNumber: 'MSCU1234567',
    containerNumbers: ['MSCU7654321', 'TGHU1112223'],
    status: 'Booking Confirmed',
    ...overrides,
  };
}
