import type { Job } from '@freight/contracts';
import { changedFields, contentFields } from './job.row.js';

const job = {
  _id: 'a1',
  jobNo: 'IMP-000001',
  ShipmentStatus: 'Inquiry For Charges',
  consigneeName: { _id: 'c1', consigneeName: 'Acme' },
  notify: null,
  cbm: 0,
  etd: null,
  version: 1,
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
} as unknown as Job;

describe('changedFields', () => {
  it('records a new job as its number and its first status (the start of its timeline)', () => {
    expect(changedFields(null, job)).toEqual([
      { field: 'jobNo', before: null, after: 'IMP-000001' },
      { field: 'ShipmentStatus', before: null, after: 'Inquiry For Charges' },
    ]);
  });

  it('records each changed field with the text before and after: references by name, empty as null; never the bookkeeping', () => {
    const after = {
      ...job,
      ShipmentStatus: 'Booking Confirmed',
      consigneeName: { _id: 'c2', consigneeName: 'Bolt' },
      notify: { _id: 'c1', consigneeName: 'Acme' },
      cbm: 2.5,
      version: 2,
      updatedAt: '2026-11-27T10:00:00.000Z',
    } as unknown as Job;
    expect(changedFields(job, after)).toEqual([
      { field: 'ShipmentStatus', before: 'Inquiry For Charges', after: 'Booking Confirmed' },
      { field: 'consigneeName', before: 'Acme', after: 'Bolt' },
      { field: 'notify', before: null, after: 'Acme' },
      { field: 'cbm', before: '0', after: '2.5' },
    ]);
    expect(changedFields(job, { ...job, version: 5 })).toEqual([]);
  });

  it('names every content field of a job, none of the bookkeeping', () => {
    expect(contentFields(job)).toEqual(['jobNo', 'ShipmentStatus', 'consigneeName', 'notify', 'cbm', 'etd']);
  });
});
