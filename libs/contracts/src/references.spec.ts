import { inUseMessage, referencingServices } from './references.js';
import { REFERENCEABLE } from './services.js';
import { resources } from './resources.js';

describe('references of master data (ADR 30)', () => {
  it('names every count, in the singular for one', () => {
    const jobs = (count: number) => ({ count, one: 'job', many: 'jobs' });
    expect(inUseMessage('consignee', [jobs(3)])).toBe('This consignee is used by 3 jobs and cannot be deleted.');
    expect(inUseMessage('shipment type', [jobs(1)])).toBe('This shipment type is used by 1 job and cannot be deleted.');
    expect(inUseMessage('consignee', [jobs(2), { count: 0, one: 'credit', many: 'credits' }, { count: 1, one: 'invoice', many: 'invoices' }])).toBe(
      'This consignee is used by 2 jobs and 1 invoice and cannot be deleted.',
    );
  });

  it('asks the shipment service about every kind of record a job names, and the accounts service about consignees; each is a resource with a delete', () => {
    for (const thing of REFERENCEABLE) {
      expect([thing, referencingServices(thing)]).toEqual([thing, thing === 'consignees' ? ['shipment', 'accounts'] : ['shipment']]);
      expect(resources[thing].subjects).toHaveProperty('delete');
    }
    expect(referencingServices('vessels')).toEqual([]);
  });
});
