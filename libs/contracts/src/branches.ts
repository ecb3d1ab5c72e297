import { z } from 'zod';
import { keyText, phoneField, requiredText } from './fields.js';
import { listQuerySchema } from './list.js';

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
  Code: requiredText('Branch code', 10).regex(/^[A-Za-z0-9-]+$/, 'Branch code must be letters, digits or hyphens'),
});
export type BranchCreate = z.infer<typeof branchCreateSchema>;

/** City and code are read-only on edit; a body that still sends them must send them unchanged. */
export const branchUpdateSchema = branchCreateSchema.partial({ BranchCity: true, Code: true });
export type BranchUpdate = z.infer<typeof branchUpdateSchema>;

export const BRANCH_SORT_FIELDS = ['BranchCity', 'Location', 'Contact', 'Code'] as const;
export const branchListQuerySchema = listQuerySchema(BRANCH_SORT_FIELDS);
export type BranchListQuery = z.infer<typeof branchListQuerySchema>;

export const branchSearchReplySchema = z.object({ success: z.literal(true), branches: z.array(branchSchema) });
export const branchWriteReplySchema = z.object({ success: z.literal(true), message: z.string(), branch: branchSchema });
