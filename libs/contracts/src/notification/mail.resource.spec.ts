import { eventStreamName } from '../events.js';
import { mailRequestedEventSchema, mailRequestedSubject } from './mail.resource.js';

const booking = {
  consigneeName: 'Lanka Traders',
  jobNumber: 'IMP-000123',
  typeOfShipment: 'FCL',
  termOfShipment: 'FOB',
  origin: 'Shanghai',
  vessel: 'Ever Given',
  etd: '2026-11-01',
  eta: '2026-11-20',
  blNumber: 'BL-1',
  containerNumbers: ['MSCU1234567'],
  status: 'Booked',
};
const request = { to: ['consignee@example.com'], businessKey: 'IMP-000123', template: { name: 'booking-confirmation', data: booking } };

describe('a mail request as an event (ADR 27)', () => {
  it('is published in the producer’s own stream as events.<service>.mail.requested', () => {
    expect(mailRequestedSubject('directory')).toBe('events.directory.mail.requested');
    expect(eventStreamName('directory')).toBe('EVENTS_DIRECTORY');
  });

  it('carries what notification.mail.send takes, without an idempotency key: the event id is one', () => {
    expect(mailRequestedEventSchema.parse({ ...request, idempotencyKey: 'a-key-of-the-caller' })).toEqual(request);
    const refused = mailRequestedEventSchema.safeParse({ ...request, to: [], template: { name: 'no-such-template', data: {} } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['to', 'template.name']));
  });
});
