import { jobChangeOf } from './live-jobs.service.js';

describe('jobChangeOf', () => {
  const alice = '6f1d2c3b-0000-4000-8000-00000000000a';
  const bob = '6f1d2c3b-0000-4000-8000-00000000000b';

  it('takes the change from the subject, the job number and the assignee after and before from the payload', () => {
    expect(jobChangeOf('t1.events.shipment.job.updated', { key: 'IMP-000001', jobNo: 'IMP-000001', userId: bob, previousUserId: alice })).toEqual({
      change: 'updated',
      jobNo: 'IMP-000001',
      assignees: [bob, alice],
    });
    expect(jobChangeOf('events.shipment.job.created', { key: 'EXP-000002', userId: alice })).toEqual({
      change: 'created',
      jobNo: 'EXP-000002',
      assignees: [alice],
    });
  });

  it('passes on nothing for another subject or a payload without a job', () => {
    expect(jobChangeOf('events.shipment.job.renamed', { jobNo: 'IMP-000001' })).toBeUndefined();
    expect(jobChangeOf('events.shipment.job.updated', { userId: alice })).toBeUndefined();
    expect(jobChangeOf('events.shipment.job.updated', 'IMP-000001')).toBeUndefined();
  });
});
