import { z } from 'zod/mini';
import { keyText, phoneField, requiredText } from '../fields.js';
import { keyParam } from '../params.js';
import { listQuerySchema } from '../list.js';
import { masterDataTexts } from '../master-data.js';
import { messageReplySchema, namesReplySchema } from '../common.js';
import { defineResource } from '../resource.js';

export const branchSchema = z.object({
  _id: z.string(),
  BranchCity: z.string(),
  Location: z.string(),
  Contact: z.string(),
  Code: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

export const branchCreateSchema = z.object({
  BranchCity: keyText('Branch name'),
  Location: requiredText('Location', 200),
  Contact: phoneField('Contact'),
  Code: requiredText('Branch code', 10).check(z.regex(/^[A-Za-z0-9-]+$/, 'Branch code must be letters, digits or hyphens')),
});
export type BranchCreate = z.infer<typeof branchCreateSchema>;

/** City and code are read-only on edit; a body that still sends them must send them unchanged. */
export const branchUpdateSchema = z.partial(branchCreateSchema, { BranchCity: true, Code: true });
export type BranchUpdate = z.infer<typeof branchUpdateSchema>;

export const BRANCH_SORT_FIELDS = ['BranchCity', 'Location', 'Contact', 'Code'] as const;
export const branchListQuerySchema = listQuerySchema(BRANCH_SORT_FIELDS);
export type BranchListQuery = z.infer<typeof branchListQuerySchema>;

export const branchSearchReplySchema = z.object({ success: z.literal(true), branches: z.array(branchSchema) });
export const branchWriteReplySchema = z.object({ success: z.literal(true), message: z.string(), branch: branchSchema });

const cityParam = keyParam('BranchCity', 'Branch name');

/** Branches (requirements 01 §5): every staff member reads, only Head writes; the city is the key. */
export const branches = defineResource({
  service: 'directory',
  name: 'branch',
  key: 'branches',
  area: 'branches',
  naturalKey: 'BranchCity',
  sortFields: BRANCH_SORT_FIELDS,
  searchFields: ['BranchCity', 'Location'],
  columns: [
    { field: 'BranchCity', label: 'Branch Name' },
    { field: 'Location', label: 'Location' },
    { field: 'Contact', label: 'Contact' },
    { field: 'Code', label: 'Branch Code' },
  ],
  texts: masterDataTexts('branch', 'branches'),
  operations: {
    all: {
      method: 'GET',
      path: '/api/branches/all',
      summary: 'List branches',
      action: 'read',
      query: branchListQuerySchema,
      reply: z.array(branchSchema),
      paged: true,
    },
    uniqueCities: { method: 'GET', path: '/api/branches/unique-cities', summary: 'Branch city names', action: 'read', reply: namesReplySchema },
    search: {
      method: 'GET',
      path: '/api/branches/search/{BranchCity}',
      summary: 'Branches whose city contains the text (case-insensitive), exact match first',
      action: 'read',
      params: cityParam,
      reply: branchSearchReplySchema,
    },
    get: {
      method: 'GET',
      path: '/api/branches/get/{BranchCity}',
      summary: 'One branch by its city (case-insensitive)',
      action: 'read',
      params: cityParam,
      reply: branchSchema,
    },
    add: {
      method: 'POST',
      path: '/api/branches/add',
      summary: 'Add a branch',
      action: 'write',
      body: branchCreateSchema,
      reply: branchWriteReplySchema,
      idempotent: true,
    },
    update: {
      method: 'PUT',
      path: '/api/branches/update/{BranchCity}',
      summary: 'Edit a branch (city and code stay)',
      action: 'write',
      params: cityParam,
      body: branchUpdateSchema,
      reply: branchWriteReplySchema,
    },
    delete: {
      method: 'DELETE',
      path: '/api/branches/delete/{BranchCity}',
      summary: 'Delete a branch that has no users',
      action: 'delete',
      params: cityParam,
      reply: messageReplySchema,
    },
  },
});
