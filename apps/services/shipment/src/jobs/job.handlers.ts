import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BOOKING_CONFIRMED,
  JOB_BODY_NAMES,
  JobTexts,
  Messages,
  inverted,
  jobs,
  renamed,
  seesAllJobs,
  type Actor,
  type Job,
  type OperationDef,
  type ResourceHandlers,
} from '@freight/contracts';
import { AppError, JsonReply } from '@freight/server';
import { idempotencyOf, idempotentTransaction, type Tx } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { clientByUsername, resolveNames, userById, type NameKind, type NameLookup, type NamedRef } from '../directory-copy/directory-names.js';
import { JobCreator } from './job-creator.js';
import { jobPage, jobPageJson, type JobListScope } from './job-list.repository.js';
import { JobHistoryRepository } from './job-history.repository.js';
import { assertMayTouch, assertSelf, found, insertJobs, recordChanges } from './job-store.js';
import { JobRepository, type NewJob } from './job.repository.js';
import { toClientBooking, toJob, type JobRow } from './job.row.js';

type Handlers = ResourceHandlers<typeof jobs>;
/** The calls of this module; e-mails, deletion and public tracking are other modules' (one per area). */
export const JOB_OPERATIONS = [
  'listJobs',
  'findJob',
  'history',
  'addJobAsHead',
  'add',
  'addJobAsAdmin',
  'update',
  'updateJobAsAdmin',
  'listBookings',
  'listConsigneeBookings',
  'listShipperBookings',
  'findClientBooking',
  'findBooking',
  'updateBooking',
] as const satisfies readonly (keyof Handlers)[];
type Op = (typeof JOB_OPERATIONS)[number];
/** The three adds: an employee's own, Admin's and Head's. */
type AddOp = Extract<Op, 'add' | 'addJobAsAdmin' | 'addJobAsHead'>;
type Msg<K extends Op> = Parameters<Handlers[K]>[0];
/** The fields both add bodies share (the assignee apart). */
type AddBody = Omit<Msg<'addJobAsAdmin'>['body'], 'userName'>;

const written = (row: JobRow, message: string) => ({ success: true as const, message, shipment: toJob(row) });
/** A save that names the version it opened is refused once the job moved on; one that names none applies (docs/adr/0041). */
const assertVersion = (row: JobRow, version: number | undefined) => {
  if (version !== undefined && row.version !== version) throw new AppError('CONFLICT', JobTexts.changedByOthers);
};

/** The spec's names of the body fields the handlers read by their own (JOB_BODY_NAMES the other way). */
const WIRE_NAMES = inverted(JOB_BODY_NAMES);

/**
 * A job add as its idempotency hash knows it: the call and the body as the wire names them
 * (`adminadd`, `ShipmentStatus`), as the last release hashed it, so a retry across a deploy
 * still finds the first answer (ADR 12, 56).
 */
export function addRequest(op: AddOp, body: object): { op: string; body: object } {
  return { op: (jobs.operations[op] as OperationDef).wire ?? op, body: renamed(body, WIRE_NAMES) };
}

/** The record kind each name field of a job's add or edit body names. */
const NAME_KIND_OF = {
  userName: 'user',
  assignedTo: 'user',
  branchCity: 'branch',
  consigneeName: 'consignee',
  originPort: 'origin',
  typeOfShipment: 'shipmentType',
  termOfShipment: 'shipmentTerm',
} as const satisfies Record<string, NameKind>;

/**
 * The names of a job add or edit (the assignee, an employee's own add's as `assignedTo`, and the
 * job's master data) as the columns both write, each the copy's id and current name (ADR 29), and
 * an add's branch; unknown names are one 400 that lists them in the order `names` gives them.
 */
async function namedColumns(resolve: (lookups: NameLookup[]) => Promise<Record<string, NamedRef>>, names: Partial<Record<keyof typeof NAME_KIND_OF, string>>) {
  const fields = Object.keys(names) as (keyof typeof NAME_KIND_OF)[];
  const refs = await resolve(fields.map((field) => ({ kind: NAME_KIND_OF[field], field, name: names[field]! })));
  const user = refs.userName ?? refs.assignedTo!;
  const columns = {
    userId: user.id,
    userName: user.name,
    consigneeId: refs.consigneeName!.id,
    consigneeName: refs.consigneeName!.name,
    originId: refs.originPort!.id,
    originPort: refs.originPort!.name,
    typeId: refs.typeOfShipment!.id,
    typeOfShipment: refs.typeOfShipment!.name,
    termId: refs.termOfShipment!.id,
    termOfShipment: refs.termOfShipment!.name,
  };
  return { columns, branch: refs.branchCity };
}

/** Only the assignee's jobs for an Employee; everyone's for Head and Admin. */
const whose = (actor: Actor): Pick<JobListScope, 'userId'> => (seesAllJobs(actor.role) ? {} : { userId: actor.id });

/**
 * Jobs and bookings (requirements 02 §7, requirements decisions §3-4): the worklist (inquiries), the booking sheet
 * (bookings), adds, and the job and booking edits, with the status rules, optimistic
 * concurrency (`version`), history and events of every change. Ownership is checked here too:
 * an Employee reaches only the jobs assigned to them, whatever the gateway let through.
 */
@Injectable()
export class JobHandlers implements Pick<Handlers, Op> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly creator: JobCreator,
    private readonly jobs: JobRepository,
    private readonly jobHistory: JobHistoryRepository,
  ) {}

  listJobs({ actor, params, query }: Msg<'listJobs'>) {
    assertSelf(actor, params.user_id);
    return jobPageJson(this.db, { proceed: false, ...whose(actor), defaultSort: ['job.job_date', 'asc'] }, query);
  }

  listBookings({ actor, params, query }: Msg<'listBookings'>) {
    assertSelf(actor, params.userId);
    return jobPageJson(this.db, { proceed: true, ...whose(actor), defaultSort: ['job.job_number', 'desc'] }, query);
  }

  listConsigneeBookings(message: Msg<'listConsigneeBookings'>) {
    return this.clientBookings('consignee', message);
  }

  listShipperBookings(message: Msg<'listShipperBookings'>) {
    return this.clientBookings('shipper', message);
  }

  /**
   * One booking of the calling consignee or shipper (issue 11): a booking (a job that proceeded),
   * else 404 like an unknown or deleted job; theirs as their lists know it (the job's consignee or
   * shipper is the client the copy has under their username), else 403; a client's fields and the
   * status timeline.
   */
  async findClientBooking({ actor, params }: Msg<'findClientBooking'>) {
    const row = found(await this.jobs.find(this.db, params.jobNo), JobTexts.bookingNotFound);
    if (!row.proceed) throw new AppError('NOT_FOUND', JobTexts.bookingNotFound);
    const client = await clientByUsername(this.db, actor.role, actor.username);
    const owner = actor.role === 'consignee' ? row.consignee_id : row.shipper_id;
    if (!client || client.id !== actor.id || owner !== client.id) throw new AppError('FORBIDDEN', JobTexts.notYourBooking);
    return { success: true as const, results: [toClientBooking(row)], history: await this.jobHistory.statusTimeline(this.db, row.id) };
  }

  async findJob({ actor, params }: Msg<'findJob'>) {
    const job = found(await this.jobs.findReply(this.db, params.jobNo), JobTexts.jobNotFound);
    assertMayTouch(actor, job);
    return new JsonReply<{ success: true; results: Job[] }>(job.json);
  }

  /** A job's history (issue 25 §5), for those who may see the job: an Employee their own jobs' only. */
  async history({ actor, params, query }: Msg<'history'>) {
    const row = found(await this.jobs.find(this.db, params.jobNo));
    assertMayTouch(actor, row);
    return this.jobHistory.page(this.db, row.id, query);
  }

  async findBooking({ actor, params }: Msg<'findBooking'>) {
    const job = found(await this.jobs.findReply(this.db, params.jobNo), JobTexts.bookingNotFound);
    assertMayTouch(actor, job);
    return new JsonReply<{ success: true; results: Job[] }>(job.json);
  }

  addJobAsAdmin({ actor, body, idempotencyKey }: Msg<'addJobAsAdmin'>) {
    return this.addJob(actor, body, body.userName, idempotencyKey, 'addJobAsAdmin');
  }

  addJobAsHead({ actor, body, idempotencyKey }: Msg<'addJobAsHead'>) {
    return this.addJob(actor, body, body.userName, idempotencyKey, 'addJobAsHead');
  }

  /** The employee add: the job is the caller's; an `assignedTo` naming someone else is refused. */
  async add({ actor, params, body, idempotencyKey }: Msg<'add'>) {
    assertSelf(actor, params.user_id);
    const me = await userById(this.db, actor.id);
    if (!me) throw new AppError('VALIDATION_FAILED', 'Your user is not known to the shipment service yet. Please try again in a moment.');
    const named = body.assignedTo?.trim().toLowerCase();
    if (named && named !== me.name.toLowerCase() && named !== me.username.toLowerCase()) {
      throw new AppError('VALIDATION_FAILED', 'A job you add is assigned to you', { assignedTo: 'A job you add is assigned to you' });
    }
    return this.addJob(actor, body, me.username, idempotencyKey, 'add');
  }

  update({ actor, params, body }: Msg<'update'>) {
    return this.saveJob(actor, params.jobNo, body);
  }

  updateJobAsAdmin({ actor, params, body }: Msg<'updateJobAsAdmin'>) {
    return this.saveJob(actor, params.jobNo, body);
  }

  /** Edit Booking: the booking's own fields (branch, type, term, consignee and origin are not changed here). */
  async updateBooking({ actor, params, body }: Msg<'updateBooking'>) {
    return this.db.transaction(async (tx) => {
      const row = found(await this.jobs.lock(tx, params.jobNo), JobTexts.bookingNotFound);
      assertMayTouch(actor, row);
      assertVersion(row, body.version);
      const optional: NameLookup[] = [];
      if (body.notify) optional.push({ kind: 'consignee', field: 'notify', name: body.notify });
      if (body.shipperName) optional.push({ kind: 'shipper', field: 'shipperName', name: body.shipperName });
      if (body.forwarderName) optional.push({ kind: 'forwarder', field: 'forwarderName', name: body.forwarderName });
      if (body.yardName) optional.push({ kind: 'yard', field: 'yardName', name: body.yardName });
      const refs = await resolveNames(tx, optional);
      const status = body.status ?? row.shipment_status;
      if (body.proceedToProceeding && status !== BOOKING_CONFIRMED) {
        throw new AppError('VALIDATION_FAILED', JobTexts.proceedOnlyConfirmed, { proceedToProceeding: JobTexts.proceedOnlyConfirmed });
      }
      // requirements 02 §4: any status but Booking Confirmed resets "Proceed to Proceeding".
      const proceed = status === BOOKING_CONFIRMED && (body.proceedToProceeding ?? row.proceed);
      const after = await this.jobs.updateBooking(tx, {
        id: row.id,
        date: body.date ?? null,
        shipmentStatus: status,
        statusOfShipment: body.statusOfShipment,
        notifyId: refs.notify?.id ?? null,
        notifyName: refs.notify?.name ?? null,
        shipperId: refs.shipperName?.id ?? null,
        shipperName: refs.shipperName?.name ?? null,
        forwarderId: refs.forwarderName?.id ?? null,
        forwarderName: refs.forwarderName?.name ?? null,
        yardId: refs.yardName?.id ?? null,
        yardName: refs.yardName?.name ?? null,
        cartoons: body.cartoons,
        cbm: body.cbm,
        weight: body.weight,
        blNo: body.blNo,
        containerNo: body.containerNo,
        vesselName: body.vesselName,
        bookingNo: body.bookingNo,
        whArrivalDate: body.whArrivalDate,
        etd: body.etd,
        eta: body.eta,
        deStuff: body.deStuff,
        doIssue: body.doIssue,
        remarks: body.remarks,
        personalRemarks: body.personalRemarks,
        jobStatus: body.jobStatus,
        statusUpdateToClient: body.statusUpdateToClient,
        proceed,
        updatedBy: actor.id,
      });
      await recordChanges(tx, [{ by: actor.id, before: row, after }]);
      return written(after, JobTexts.bookingUpdated);
    });
  }

  /** Edit Job (admin and employee): the job's own fields and the assignee; an Employee cannot give the job away. */
  private saveJob(actor: Actor, jobNo: string, body: Msg<'update'>['body']) {
    return this.db.transaction(async (tx) => {
      const row = found(await this.jobs.lock(tx, jobNo));
      assertMayTouch(actor, row);
      assertVersion(row, body.version);
      const { columns } = await namedColumns((lookups) => resolveNames(tx, lookups), {
        userName: body.userName,
        termOfShipment: body.termOfShipment,
        typeOfShipment: body.typeOfShipment,
        consigneeName: body.consigneeName,
        originPort: body.originPort,
      });
      if (!seesAllJobs(actor.role) && columns.userId !== actor.id) throw new AppError('FORBIDDEN', JobTexts.notYourJob);
      const proceed = body.status === BOOKING_CONFIRMED && body.proceedToProceeding;
      const after = await this.jobs.update(tx, {
        id: row.id,
        date: body.date,
        ...columns,
        shipmentStatus: body.status,
        remarks: body.remarks,
        personalRemarks: body.personalRemarks,
        proceed,
        updatedBy: actor.id,
      });
      await recordChanges(tx, [{ by: actor.id, before: row, after }]);
      return written(after, JobTexts.jobUpdated);
    });
  }

  /**
   * Adds a job assigned to `assignee` (a username or full name). Every name is checked first
   * (400 per field); then, with an Idempotency-Key, in a transaction of its own (ADR 12), else
   * with the concurrent creations of the moment (ADR 28).
   */
  private async addJob(actor: Actor, body: AddBody, assignee: string, key: string | undefined, op: AddOp) {
    const { columns, branch } = await namedColumns((lookups) => this.creator.resolveNames(lookups), {
      ...(op === 'add' ? { assignedTo: assignee } : { userName: assignee }),
      branchCity: body.branchCity,
      consigneeName: body.consigneeName,
      originPort: body.originPort,
      typeOfShipment: body.typeOfShipment,
      termOfShipment: body.termOfShipment,
    });
    // An Employee adds jobs for themself only (requirements decisions §3).
    if (!seesAllJobs(actor.role) && columns.userId !== actor.id) throw new AppError('FORBIDDEN', JobTexts.notYourJob);
    const job: NewJob = {
      direction: body.direction,
      date: body.date,
      ...columns,
      branchId: branch!.id,
      branchCity: branch!.name,
      status: body.status,
      remarks: body.remarks,
      personalRemarks: body.personalRemarks,
      createdBy: actor.id,
    };
    const idempotency = idempotencyOf(actor, key, addRequest(op, body));
    if (idempotency) {
      return idempotentTransaction(this.db, idempotency, async (tx: Tx) => written((await insertJobs(tx, [job]))[0]!, JobTexts.jobAdded));
    }
    return written(await this.creator.create(job), JobTexts.jobAdded);
  }

  /** A consignee's or shipper's bookings: the client themself (by username), or staff (an Employee: their own jobs). */
  private async clientBookings(kind: 'consignee' | 'shipper', { actor, params, query }: Msg<'listConsigneeBookings'>) {
    const isClient = actor.role === 'consignee' || actor.role === 'shipper';
    if (isClient && (actor.role !== kind || actor.username.toLowerCase() !== params.username.toLowerCase()))
      throw new AppError('FORBIDDEN', Messages.forbidden);
    const client = await clientByUsername(this.db, kind, params.username);
    if (!client) return { items: [], total: 0 };
    const scope: JobListScope = {
      proceed: true,
      client: { column: kind === 'consignee' ? 'consignee_id' : 'shipper_id', id: client.id },
      ...(isClient ? {} : whose(actor as Actor)),
      defaultSort: ['job.job_number', 'desc'],
    };
    const { items, total } = await jobPage(this.db, scope, query);
    return { items: items.map(toClientBooking), total };
  }
}
