import { z } from 'zod/mini';
import { messageReplySchema } from '../common.js';
import { multilineText } from '../fields.js';
import { keyParam } from '../params.js';
import { listQuerySchema } from '../list.js';
import { defineResource } from '../resource.js';

/*
 * Client news (requirements 02 §2, §3, §7, §8): Head and staff keep short news items; the active ones
 * run in the ticker of the client sign-in page, which anyone may read (requirements decisions §4 "Public").
 */

export const NEWS_MAX_LENGTH = 1000;

/** The catalogue's texts (requirements 02 §8), and ours where it is silent. */
export const ClientNewsTexts = {
  added: 'Client news added successfully!',
  updated: 'News item updated successfully',
  deleted: 'News item deleted successfully',
  notFound: 'News item not found.',
  taken: 'This news item already exists.',
  addFailed: 'Error adding client news',
  fetchFailed: 'Error fetching news details',
  updateFailed: 'Failed to update news item.',
  listFailed: 'Error fetching client news',
  deleteFailed: 'Failed to delete news item. Please try again.',
  /** The ticker when nothing is active (requirements 02 §2). */
  none: 'No news available',
} as const;

export const clientNewsSchema = z.object({ _id: z.string(), news: z.string(), isActive: z.boolean() });
export type ClientNews = z.infer<typeof clientNewsSchema>;

/** Add and update: the news text is required (requirements 02 §5); a new item is active unless said otherwise. */
export const clientNewsBodySchema = z.object({
  news: z.pipe(multilineText('News', NEWS_MAX_LENGTH), z.string().check(z.minLength(1, 'News is required'))),
  isActive: z._default(z.boolean({ error: 'isActive must be true or false' }), true),
});

/** A news item or an announcement named by its `_id` in a URL. */
export const idParam = (label: string) => keyParam('_id', label);
const newsId = idParam('News ID');
const SORTS = ['news', 'isActive'] as const;
const written = z.object({ success: z.literal(true), message: z.string(), data: clientNewsSchema });

/** The spec's calls (`/api/clientnews/...`), with the list's paging (requirements decisions §1) and the public list of the active items. */
export const clientNews = defineResource({
  service: 'notification',
  name: 'clientNews',
  key: 'clientnews',
  area: 'clientNews',
  naturalKey: '_id',
  sortFields: SORTS,
  searchFields: ['news'],
  columns: [
    { field: 'news', label: 'News' },
    { field: 'isActive', label: 'Status', text: (row: ClientNews) => (row.isActive ? 'Active' : 'Inactive') },
  ],
  texts: {
    singular: 'news item',
    plural: 'client news',
    added: ClientNewsTexts.added,
    updated: ClientNewsTexts.updated,
    deleted: ClientNewsTexts.deleted,
    notFound: ClientNewsTexts.notFound,
  },
  operations: {
    all: {
      method: 'GET',
      path: '/api/clientnews/all',
      summary: 'Client news, newest first unless sorted',
      action: 'read',
      query: listQuerySchema(SORTS),
      reply: z.array(clientNewsSchema),
      paged: true,
    },
    active: {
      method: 'GET',
      path: '/api/clientnews/active',
      summary: 'The active news items, newest first (the client sign-in ticker): public',
      action: 'read',
      public: true,
      reply: z.array(clientNewsSchema),
    },
    search: {
      method: 'GET',
      path: '/api/clientnews/search/{_id}',
      summary: 'One news item by its id (the edit screen)',
      action: 'read',
      params: newsId,
      reply: z.object({ success: z.literal(true), data: clientNewsSchema }),
    },
    add: { method: 'POST', path: '/api/clientnews/add', summary: 'Add a news item', action: 'write', body: clientNewsBodySchema, reply: written },
    update: {
      method: 'PUT',
      path: '/api/clientnews/update/{_id}',
      summary: 'Edit a news item',
      action: 'write',
      params: newsId,
      body: clientNewsBodySchema,
      reply: written,
    },
    delete: {
      method: 'DELETE',
      path: '/api/clientnews/delete/{_id}',
      summary: 'Delete a news item (Head)',
      action: 'delete',
      params: newsId,
      reply: messageReplySchema,
    },
  },
});
