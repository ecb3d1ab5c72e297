import { JobTexts, type Actor } from '@freight/contracts';
import { JsonReply } from '@freight/server';
import type { DataSource } from 'typeorm';
import type { JobCreator } from './job-creator.js';
import type { JobHistoryRepository } from './job-history.repository.js';
import { JobHandlers, addRequest } from './job.handlers.js';
import type { JobRepository } from './job.repository.js';
import type { JobRow } from './job.row.js';

// The job rules on the repository seam: the jobs table replaced by a plain object, no database.

const EMMA = '00000000-0000-4000-8000-00000000000e';
const RAVI = '00000000-0000-4000-8000-00000000000f';
const emma: Actor = { id: EMMA, username: 'emma', role: 'Employee' };
const admin: Actor = { id: '00000000-0000-4000-8000-00000000000a', username: 'admin', role: 'Admin' };

/** A job as the table answers it: Ravi's, IMP-000007. */
const row = {
  id: '00000000-0000-4000-8000-000000000007',
  job_no: 'IMP-000007',
  job_number: 7,
  direction: 'Import',
  user_id: RAVI,
  user_name: 'Ravi',
  consignee_id: '00000000-0000-4000-8000-0000000000c1',
  consignee_name: 'Acme',
  shipment_status: 'Inquiry For Charges',
  proceed: false,
  version: 1,
  created_at: new Date('2026-11-27T09:00:00Z'),
  updated_at: new Date('2026-11-27T09:00:00Z'),
} as JobRow;

let asked: string[];
let handlers: JobHandlers;

beforeEach(() => {
  asked = [];
  const jobs = {
    // The reply as Postgres builds it (JOB_JSON, proven equal to toJob in job.row.int-spec.ts).
    findReply: async (_db: unknown, jobNo: string) => {
      asked.push(jobNo);
      return jobNo.toUpperCase() === row.job_no
        ? { user_id: row.user_id, json: JSON.stringify({ success: true, results: [{ jobNo: row.job_no }] }) }
        : undefined;
    },
  } as unknown as JobRepository;
  handlers = new JobHandlers({} as DataSource, {} as JobCreator, jobs, {} as JobHistoryRepository);
});

describe('a job looked up by number', () => {
  it('is found for Head and Admin, whoever it is assigned to', async () => {
    const found = await handlers.findJob({ actor: admin, params: { jobNo: 'imp-000007' } } as never);
    expect(found).toBeInstanceOf(JsonReply);
    expect((found as JsonReply).value()).toEqual({ success: true, results: [{ jobNo: 'IMP-000007' }] });
    expect(asked).toEqual(['imp-000007']);
  });

  it("is refused to an Employee when it is another's", async () => {
    await expect(handlers.findJob({ actor: emma, params: { jobNo: 'IMP-000007' } } as never)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: JobTexts.notYourJob,
    });
  });

  it('is a 404 with the text of the screen that asked when there is none', async () => {
    await expect(handlers.findJob({ actor: admin, params: { jobNo: 'IMP-999999' } } as never)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: JobTexts.jobNotFound,
    });
    await expect(handlers.findBooking({ actor: admin, params: { jobNo: 'IMP-999999' } } as never)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: JobTexts.bookingNotFound,
    });
  });
});

describe('a job added', () => {
  const body = {
    direction: 'Import',
    date: '2026-11-27',
    userName: 'ravi',
    branchCity: 'Colombo',
    consigneeName: 'Acme',
    originPort: 'Shanghai',
    typeOfShipment: 'FCL',
    termOfShipment: 'FOB',
    // The body as the handler reads it (the controller renamed the spec's names, ADR 56).
    status: 'Inquiry For Charges',
    remarks: '',
    personalRemarks: '',
  };
  let lookups: { kind: string; field: string; name: string }[];
  let created: unknown;

  beforeEach(() => {
    created = undefined;
    const creator = {
      // Every name is known: its id is its field's, its current name the text sent, capitalised.
      resolveNames: async (asked: { kind: string; field: string; name: string }[]) => {
        lookups = asked;
        return Object.fromEntries(asked.map(({ field, name }) => [field, { id: field === 'userName' ? RAVI : `id-${field}`, name: name.toUpperCase() }]));
      },
      create: async (job: unknown) => {
        created = job;
        return row;
      },
    } as unknown as JobCreator;
    handlers = new JobHandlers({} as DataSource, creator, {} as JobRepository, {} as JobHistoryRepository);
  });

  it("looks its names up in the body's order and writes each as the copy's id and name", async () => {
    await handlers.addJobAsAdmin({ actor: admin, body } as never);
    expect(lookups.map(({ kind, field }) => `${field}:${kind}`)).toEqual([
      'userName:user',
      'branchCity:branch',
      'consigneeName:consignee',
      'originPort:origin',
      'typeOfShipment:shipmentType',
      'termOfShipment:shipmentTerm',
    ]);
    expect(created).toMatchObject({
      userId: RAVI,
      userName: 'RAVI',
      branchId: 'id-branchCity',
      branchCity: 'COLOMBO',
      consigneeId: 'id-consigneeName',
      consigneeName: 'ACME',
      originId: 'id-originPort',
      originPort: 'SHANGHAI',
      typeId: 'id-typeOfShipment',
      typeOfShipment: 'FCL',
      termId: 'id-termOfShipment',
      termOfShipment: 'FOB',
      status: 'Inquiry For Charges',
      createdBy: admin.id,
    });
  });

  it('is refused to an Employee who assigns it to another, before anything is written', async () => {
    await expect(handlers.addJobAsHead({ actor: emma, body } as never)).rejects.toMatchObject({ code: 'FORBIDDEN', message: JobTexts.notYourJob });
    expect(created).toBeUndefined();
  });
});

describe("a job add's idempotency hash", () => {
  it('names the call and the fields as the wire does, in the order the message had them (what the last release hashed)', () => {
    const wire = { direction: 'Import', ShipmentStatus: 'Booking Confirmed', remarks: 'r', personalremarks: 'p', userName: 'emma' };
    const plain = { direction: 'Import', status: 'Booking Confirmed', remarks: 'r', personalRemarks: 'p', userName: 'emma' };
    expect(JSON.stringify(addRequest('addJobAsAdmin', plain))).toBe(JSON.stringify({ op: 'adminadd', body: wire }));
    expect(addRequest('addJobAsHead', plain).op).toBe('branchadminadd');
    expect(addRequest('add', plain).op).toBe('add');
  });
});
