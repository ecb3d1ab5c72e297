import { z } from 'zod/mini';
import { messageReplySchema } from '../common.js';
import { keyParam, userIdParam } from '../params.js';
import { defineResource } from '../resource.js';
import { BOOKING_SORT_FIELDS, bookingListQuerySchema, bookingRules, bookingUpdateSchema, clientBookingReplySchema, clientBookingSchema } from './bookings.js';
import { jobHistoryEntrySchema, jobHistoryQuerySchema } from './job-history.js';
import { JobTexts } from './job-texts.js';
import { JOB_BODY_NAMES, jobAddOwnSchema, jobAddSchema, jobMailSchema, jobNoParam, jobSchema, jobUpdateSchema, worklistQuerySchema } from './jobs.js';
import { trackingSchema } from './tracking.js';

// The jobs resource: its calls. What they take and answer: jobs.ts, bookings.ts, tracking.ts.

const usernameParam = keyParam('username', 'Username');
const blNoParam = keyParam('blNo', 'BL number');

const found = z.object({ success: z.literal(true), results: z.array(jobSchema) });
const written = z.object({ success: z.literal(true), message: z.string(), shipment: jobSchema });
const mailed = z.object({ success: z.literal(true), message: z.string() });

/**
 * The spec's calls (`/api/shipments/...`), each keyed by what it does; `wire` keeps the spec's name
 * of the call in its NATS subject and operationId (docs/adr/0056). `self` routes take the caller's own id in the path
 * (requirements decisions §3: another user's id is 403). Whose jobs a call may touch (Head and Admin all, an
 * Employee their own) the service checks, since only it knows the assignee.
 */
export const jobs = defineResource({
  service: 'shipment',
  name: 'job',
  key: 'shipments',
  area: 'jobs',
  naturalKey: 'jobNo',
  sortFields: BOOKING_SORT_FIELDS,
  searchFields: ['jobNo', 'consigneeName', 'shipperName', 'blNo', 'containerNo', 'Vesselname', 'user', 'termOfShipment', 'typeOfShipment', 'date'],
  texts: {
    singular: 'job',
    plural: 'jobs',
    added: JobTexts.jobAdded,
    updated: JobTexts.jobUpdated,
    deleted: JobTexts.deleted,
    notFound: JobTexts.jobNotFound,
  },
  operations: {
    listJobs: {
      wire: 'allworklist',
      method: 'GET',
      path: '/api/shipments/allworklist/{user_id}',
      summary: 'Today Job Inquiry: jobs not yet proceeded (Head, Admin: all; Employee: their own); user_id is the caller',
      action: 'read',
      params: userIdParam('user_id'),
      query: worklistQuerySchema,
      reply: z.array(jobSchema),
      paged: true,
      self: 'user_id',
    },
    findJob: {
      wire: 'searchworklist',
      method: 'GET',
      path: '/api/shipments/searchworklist/{jobNo}',
      summary: 'One job by number (edit and view job)',
      action: 'read',
      params: jobNoParam,
      reply: found,
    },
    addJobAsHead: {
      wire: 'branchadminadd',
      method: 'POST',
      path: '/api/shipments/branchadminadd',
      summary: 'Add a job (Head): the assignee by username or full name',
      action: 'write',
      body: jobAddSchema,
      names: JOB_BODY_NAMES,
      reply: written,
      idempotent: true,
    },
    add: {
      method: 'POST',
      path: '/api/shipments/add/{user_id}',
      summary: 'Add a job assigned to the caller (employee); user_id is the caller',
      action: 'write',
      params: userIdParam('user_id'),
      body: jobAddOwnSchema,
      names: JOB_BODY_NAMES,
      reply: written,
      idempotent: true,
      self: 'user_id',
    },
    addJobAsAdmin: {
      wire: 'adminadd',
      method: 'POST',
      path: '/api/shipments/adminadd',
      summary: 'Add a job (Admin): the assignee by username or full name',
      action: 'write',
      body: jobAddSchema,
      names: JOB_BODY_NAMES,
      reply: written,
      idempotent: true,
    },
    update: {
      method: 'PUT',
      path: '/api/shipments/update/{jobNo}',
      summary: 'Edit a job (employee edit)',
      action: 'write',
      params: jobNoParam,
      body: jobUpdateSchema,
      names: JOB_BODY_NAMES,
      reply: written,
    },
    updateJobAsAdmin: {
      wire: 'updateadmin',
      method: 'PUT',
      path: '/api/shipments/updateadmin/{jobNo}',
      summary: 'Edit a job (admin edit)',
      action: 'write',
      params: jobNoParam,
      body: jobUpdateSchema,
      names: JOB_BODY_NAMES,
      reply: written,
    },
    sendConfirmationMail: {
      wire: 'sendmail',
      method: 'POST',
      path: '/api/shipments/sendmail/{jobNo}',
      summary: 'Queue the booking-confirmation e-mail to the consignee',
      action: 'write',
      params: jobNoParam,
      body: jobMailSchema,
      reply: mailed,
      status: 200,
    },
    sendUpdateMail: {
      wire: 'sendupdatingmail',
      method: 'POST',
      path: '/api/shipments/sendupdatingmail/{jobNo}',
      summary: 'Queue the updated-data e-mail to the consignee',
      action: 'write',
      params: jobNoParam,
      body: jobMailSchema,
      reply: mailed,
      status: 200,
    },
    listBookings: {
      wire: 'allbooklist',
      method: 'GET',
      path: '/api/shipments/allbooklist/{userId}',
      summary: 'Daily Booking Sheet: proceeded jobs (Head, Admin: all; Employee: their own); userId is the caller',
      action: 'read',
      params: userIdParam('userId'),
      query: bookingListQuerySchema,
      reply: z.array(jobSchema),
      paged: true,
      self: 'userId',
    },
    listConsigneeBookings: {
      wire: 'allbooklistconsignee',
      method: 'GET',
      path: '/api/shipments/allbooklistconsignee/{username}',
      summary: "A consignee's bookings (the consignee themself, or staff)",
      action: 'read',
      params: usernameParam,
      query: bookingListQuerySchema,
      reply: z.array(clientBookingSchema),
      paged: true,
      owner: { role: 'consignee', param: 'username' },
    },
    listShipperBookings: {
      wire: 'allbooklistshipper',
      method: 'GET',
      path: '/api/shipments/allbooklistshipper/{username}',
      summary: "A shipper's bookings (the shipper themself, or staff)",
      action: 'read',
      params: usernameParam,
      query: bookingListQuerySchema,
      reply: z.array(clientBookingSchema),
      paged: true,
      owner: { role: 'shipper', param: 'username' },
    },
    findClientBooking: {
      wire: 'clientbooking',
      method: 'GET',
      path: '/api/shipments/clientbooking/{jobNo}',
      summary:
        "One booking of the calling consignee or shipper (client token only; staff 403): a client's fields and the status timeline; another client's booking is 403, an unknown, deleted or not yet proceeded job 404",
      action: 'read',
      access: 'client',
      params: jobNoParam,
      reply: clientBookingReplySchema,
    },
    findBooking: {
      wire: 'searchbooklist',
      method: 'GET',
      path: '/api/shipments/searchbooklist/{jobNo}',
      summary: 'One booking by job number (edit and view booking)',
      action: 'read',
      params: jobNoParam,
      reply: found,
    },
    updateBooking: {
      wire: 'updatebooking',
      method: 'PUT',
      path: '/api/shipments/updatebooking/{jobNo}',
      summary: 'Edit a booking',
      action: 'write',
      params: jobNoParam,
      body: bookingUpdateSchema,
      names: JOB_BODY_NAMES,
      reply: written,
      refine: bookingRules,
    },
    history: {
      method: 'GET',
      path: '/api/shipments/history/{jobNo}',
      summary:
        "A job's history (issue 25 §5): every change of a field, newest first, who made it, before and after; a page at a time (25 a page unless pageSize says), one field's changes with ?field=",
      action: 'read',
      params: jobNoParam,
      query: jobHistoryQuerySchema,
      reply: z.array(jobHistoryEntrySchema),
      paged: true,
    },
    findJobToDelete: {
      wire: 'searchbooklistdeletion',
      method: 'GET',
      path: '/api/shipments/searchbooklistdeletion/{jobNo}',
      summary: 'A job to delete, by number (Head)',
      action: 'read',
      area: 'shipmentDeletion',
      params: jobNoParam,
      reply: found,
    },
    delete: {
      method: 'DELETE',
      path: '/api/shipments/delete/{jobNo}',
      summary: 'Delete a job (Head): gone from every list, kept as an audit record',
      action: 'delete',
      area: 'shipmentDeletion',
      params: jobNoParam,
      reply: messageReplySchema,
    },
    trackShipment: {
      wire: 'searchbl',
      method: 'GET',
      path: '/api/shipments/searchbl/{blNo}',
      summary: 'Public tracking by BL number: the tracking fields and the status timeline only (30 searches a minute per client address, then 429)',
      action: 'read',
      public: true,
      clientAddress: true,
      params: blNoParam,
      reply: trackingSchema,
    },
  },
});
