import { z } from 'zod/mini';
import { messageReplySchema } from '../common.js';
import { multilineText, requiredText } from '../fields.js';
import { keyParam } from '../params.js';
import { listQuerySchema } from '../list.js';
import { defineResource } from '../resource.js';
import { idParam } from './client-news.resource.js';

/*
 * Consignee announcements (requirements 02 §2, §3, §7, §8): staff address a short text to one consignee;
 * the consignee sees the active ones on their page. The API keeps the spec's field names
 * (`annoucment`); what people read says "announcement" (requirements decisions §2). An announcement refers to
 * the consignee by id; the notification service keeps the consignees' names from the directory's
 * events (ADR 21), so a rename shows at once and a deleted consignee's announcements are gone.
 */

export const ANNOUNCEMENT_MAX_LENGTH = 1000;

export const AnnouncementTexts = {
  added: 'Announcement added successfully!',
  updated: 'Announcement updated successfully',
  deleted: 'Announcement deleted successfully',
  /** Delete's 404 (requirements 02 §8). */
  notFound: 'Announcement not found.',
  /** The edit screen's (requirements 02 §8, without the full stop). */
  editNotFound: 'Announcement not found',
  addFailed: 'Failed to add announcement. Please try again.',
  fetchFailed: 'Error fetching announcement',
  updateFailed: 'Failed to update announcement',
  updateError: 'Error updating announcement',
  none: 'No announcements found.',
  /** The consignee's page when none is active (requirements 02 §2). */
  noneActive: 'No active announcements.',
  unknownConsignee: 'Consignee not found',
} as const;

export const announcementSchema = z.object({
  _id: z.string(),
  /** A number in order of creation, as the spec's record has it. */
  annoucment_id: z.int(),
  annoucment: z.string(),
  /** The consignee, with their current name. */
  consignee: z.object({ _id: z.string(), consigneeName: z.string() }),
  isActive: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** Add and edit: the text and the consignee (by name, as the spec's form sends it) are required (requirements 02 §5); active unless said otherwise. */
export const announcementBodySchema = z.object({
  annoucment: z.pipe(multilineText('Announcement', ANNOUNCEMENT_MAX_LENGTH), z.string().check(z.minLength(1, 'Announcement is required'))),
  consignee: requiredText('Consignee'),
  isActive: z._default(z.boolean({ error: 'isActive must be true or false' }), true),
});

const announcementId = idParam('Announcement ID');
const SORTS = ['annoucment_id', 'annoucment', 'consigneeName', 'isActive'] as const;
const list = z.object({ data: z.array(announcementSchema) });
const written = z.object({ success: z.literal(true), message: z.string(), data: announcementSchema });

/** The spec's calls (`/api/consigneeanc/...`): lists answer `{data: [...]}`, paged per requirements decisions §1 (the total in X-Total-Count). */
export const announcements = defineResource({
  service: 'notification',
  name: 'announcement',
  key: 'consigneeanc',
  area: 'announcements',
  naturalKey: '_id',
  sortFields: SORTS,
  searchFields: ['annoucment'],
  columns: [
    { field: 'annoucment_id', label: 'ID' },
    { field: 'annoucment', label: 'Announcement' },
    { field: 'consignee', label: 'Consignee', text: (row: Announcement) => row.consignee.consigneeName },
    { field: 'isActive', label: 'Status', text: (row: Announcement) => (row.isActive ? 'Active' : 'Inactive') },
  ],
  texts: {
    singular: 'announcement',
    plural: 'announcements',
    added: AnnouncementTexts.added,
    updated: AnnouncementTexts.updated,
    deleted: AnnouncementTexts.deleted,
    notFound: AnnouncementTexts.notFound,
  },
  operations: {
    all: {
      method: 'GET',
      path: '/api/consigneeanc/all',
      summary: 'Announcements, newest first unless sorted; those of deleted consignees are left out',
      action: 'read',
      query: listQuerySchema(SORTS),
      reply: list,
      paged: true,
      listKey: 'data',
    },
    active: {
      method: 'GET',
      path: '/api/consigneeanc/active/{username}',
      summary: "A consignee's active announcements, newest first: that consignee (their own only) or staff",
      action: 'read',
      owner: { role: 'consignee', param: 'username' },
      params: keyParam('username', 'Username'),
      reply: list,
    },
    get: {
      method: 'GET',
      path: '/api/consigneeanc/{_id}',
      summary: 'One announcement (the edit screen)',
      action: 'read',
      params: announcementId,
      reply: z.object({ success: z.literal(true), data: announcementSchema }),
    },
    add: {
      method: 'POST',
      path: '/api/consigneeanc/add',
      summary: 'Add an announcement for a consignee',
      action: 'write',
      body: announcementBodySchema,
      reply: written,
    },
    edit: {
      method: 'PUT',
      path: '/api/consigneeanc/edit/{_id}',
      summary: 'Edit an announcement',
      action: 'write',
      params: announcementId,
      body: announcementBodySchema,
      reply: written,
    },
    delete: {
      method: 'DELETE',
      path: '/api/consigneeanc/delete/{_id}',
      summary: 'Delete an announcement (Head)',
      action: 'delete',
      params: announcementId,
      reply: messageReplySchema,
    },
  },
});
