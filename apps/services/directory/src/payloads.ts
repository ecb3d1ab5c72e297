import {
  PasswordMessages,
  branchCreateSchema,
  idempotencyKeySchema,
  branchListQuerySchema,
  branchUpdateSchema,
  loginRequestSchema,
  passwordIsUsername,
  roleField,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
  usernameField,
} from '@freight/contracts';
import { z } from 'zod';

/**
 * Schemas of the NATS request payloads (DirectoryMessages), built from the contracts'
 * REST schemas: the service checks everything itself rather than trust its caller.
 */
const actorSchema = z.object({
  id: z.uuid('actor.id must be a user id'),
  username: z.string().min(1),
  role: roleField,
});
const withActor = { actor: actorSchema };
const withIdempotencyKey = { idempotencyKey: idempotencyKeySchema.optional() };
const keyParam = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const emptyPayload = z.object({}).optional();

export const payloads = {
  verifyCredentials: loginRequestSchema.extend({ ip: z.string().trim().min(1, 'ip is required').max(100) }),
  userSessionState: z.object({ id: z.uuid('id must be a user id') }),
  userList: userListQuerySchema,
  userSearch: z.object({ username: keyParam('Username') }),
  userGet: z.object({ username: keyParam('Username') }),
  userCreate: z.object({ ...withActor, ...withIdempotencyKey, user: userCreateSchema }),
  userUpdate: z
    .object({ ...withActor, username: keyParam('Username'), newUsername: usernameField, user: userUpdateSchema })
    // The body may leave the username out: the new password is not the new username either.
    .refine(({ newUsername, user }) => !passwordIsUsername(user.password, newUsername), { error: PasswordMessages.sameAsUsername, path: ['user', 'password'] }),
  userDelete: z.object({ ...withActor, username: keyParam('Username') }),
  branchList: branchListQuerySchema,
  branchSearch: z.object({ city: keyParam('Branch name') }),
  branchGet: z.object({ city: keyParam('Branch name') }),
  branchCreate: z.object({ ...withActor, ...withIdempotencyKey, branch: branchCreateSchema }),
  branchUpdate: z.object({ ...withActor, city: keyParam('Branch name'), branch: branchUpdateSchema }),
  branchDelete: z.object({ ...withActor, city: keyParam('Branch name') }),
};

/** Search results are capped: exact match first, then the closest substring matches. */
export const SEARCH_LIMIT = 50;

/** `q` as a LIKE pattern matching it anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
