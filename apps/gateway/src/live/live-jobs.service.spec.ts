import { jobChangeOf } from './live-jobs.service.js';

describe('jobChangeOf', () => {
  const alice = '6f1d2c3b-0000-4000-8000-00000000000a';
  const bob = '6f1d2c3b-0000-4000-8000-00000000000b';

  it('takes the change from the subject, the job number and the assignee after and before from the payload', () => {
    expect(jobChangeOf('t1.events.shipment.job.updated', { key: 'IMP-000001', jobNo: 'IMP-000001', userId: bob, previousUserId: alice }, 7)).toEqual({
      change: 'updated',
      jobNo: 'IMP-000001',
      assignees: [bob, alice],
      seq: 7,
    });
    expect(jobChangeOf('events.shipment.job.created', { key: 'EXP-000002', userId: alice }, 8)).toEqual({
      change: 'created',
      jobNo: 'EXP-000002',
      assignees: [alice],
      seq: 8,
    });
  });

  it('passes on nothing for another subject or a payload without a job', () => {
    expect(jobChangeOf('events.shipment.job.renamed', { jobNo: 'IMP-000001' }, 1)).toBeUndefined();
    expect(jobChangeOf('events.shipment.job.updated', { userId: alice }, 1)).toBeUndefined();
    expect(jobChangeOf('events.shipment.job.updated', 'IMP-000001', 1)).toBeUndefined();
  });
});
