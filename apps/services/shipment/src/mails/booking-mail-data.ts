import type { BookingMailData } from '@freight/contracts';
import type { MailJob } from '../jobs/job.repository.js';

/** requirements decisions §1: missing text shows N/A. */
const orNA = (value: string | null | undefined) => (value === null || value === undefined || value.trim() === '' ? 'N/A' : value.trim());

/** `2026-11-27` → `27/11/2026` (en-GB, requirements decisions §1); none → N/A. */
export function mailDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : 'N/A';
}

/** A job's container numbers, as staff type them into one field: separated by commas, semicolons or spaces. */
export function containerNumbers(containerNo: string): string[] {
  return [...new Set(containerNo.split(/[\s,;]+/).filter(Boolean))].slice(0, 200);
}

/** The status line of a booking e-mail: the shipment status, and where the cargo is once known ("Booking Confirmed – Transit"). */
export function mailStatus(job: Pick<MailJob, 'shipmentStatus' | 'statusOfShipment'>): string {
  return job.statusOfShipment ? `${job.shipmentStatus} – ${job.statusOfShipment}` : job.shipmentStatus;
}

/**
 * The facts both booking e-mails show (requirements decisions §3): job number, type and term, origin, vessel,
 * ETD/ETA, BL and container numbers and the status, as the job has them now; what is not filled in
 * yet shows as N/A.
 */
export function bookingMailData(job: MailJob): BookingMailData {
  return {
    consigneeName: job.consigneeName,
    jobNumber: job.jobNo,
    typeOfShipment: orNA(job.typeOfShipment),
    termOfShipment: orNA(job.termOfShipment),
    origin: orNA(job.originPort),
    vessel: orNA(job.vesselName),
    etd: mailDate(job.etd),
    eta: mailDate(job.eta),
    blNumber: orNA(job.blNo),
    containerNumbers: containerNumbers(job.containerNo),
    status: mailStatus(job),
  };
}
