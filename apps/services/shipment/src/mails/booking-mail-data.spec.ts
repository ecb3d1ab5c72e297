import { mailRequestedEventSchema } from '@freight/contracts';
import { bookingMailData, containerNumbers, mailDate } from './booking-mail-data.js';
import type { MailJob } from '../jobs/job.repository.js';
import { recipients } from './job-mails.service.js';

const job: MailJob = {
  jobNo: 'IMP-000123',
  userId: '6f1d2c3b-0000-4000-8000-000000000001',
  consigneeId: '6f1d2c3b-0000-4000-8000-000000000002',
  consigneeName: 'Lanka Traders',
  typeOfShipment: 'FCL',
  termOfShipment: 'FOB',
  originPort: 'Shanghai',
  vesselName: '',
  etd: null,
  eta: null,
  blNo: '',
  containerNo: '',
  shipmentStatus: 'Booking Confirmed',
  statusOfShipment: null,
};

describe('booking e-mail data', () => {
  it('shows a new job with N/A for what is not filled in yet, and passes the mail request contract', () => {
    const data = bookingMailData(job);
    expect(data).toEqual({
      consigneeName: 'Lanka Traders',
      jobNumber: 'IMP-000123',
      typeOfShipment: 'FCL',
      termOfShipment: 'FOB',
      origin: 'Shanghai',
      vessel: 'N/A',
      etd: 'N/A',
      eta: 'N/A',
      blNumber: 'N/A',
      containerNumbers: [],
      status: 'Booking Confirmed',
    });
    expect(
      mailRequestedEventSchema.safeParse({ to: ['a@example.com'], businessKey: job.jobNo, template: { name: 'booking-confirmation', data } }).success,
    ).toBe(true);
  });

  it('shows a booking: en-GB dates, each container once, the status of shipment beside the status', () => {
    const data = bookingMailData({
      ...job,
      vesselName: 'MSC Aurora',
      etd: '2026-12-01',
      eta: '2026-12-20',
      blNo: 'BL-778',
      containerNo: 'MSCU1234567, TGHU7654321;MSCU1234567',
      statusOfShipment: 'Transit',
    });
    expect(data).toMatchObject({
      vessel: 'MSC Aurora',
      etd: '01/12/2026',
      eta: '20/12/2026',
      blNumber: 'BL-778',
      containerNumbers: ['MSCU1234567', 'TGHU7654321'],
      status: 'Booking Confirmed – Transit',
    });
    expect(mailDate('2026-02-03')).toBe('03/02/2026');
    expect(containerNumbers('  ')).toEqual([]);
  });

  it("sends to the consignee's e-mail first, then each additional one once whatever its case, at most 20", () => {
    expect(recipients(['Main@Example.com', 'ops@example.com', 'main@example.com', ' ', null, 'ops@example.com '])).toEqual([
      'Main@Example.com',
      'ops@example.com',
    ]);
    expect(recipients(Array.from({ length: 25 }, (_, i) => `a${i}@example.com`))).toHaveLength(20);
  });
});
