import { z } from 'zod/mini';
import { DEPARTMENTS, STAFF_ROLES } from '../roles.js';
import { roleField } from '../sign-in.js';
import { blankAsMissing, choiceError, emailField, phoneField, requiredText } from '../fields.js';
import { PasswordMessages, passwordField, passwordIsUsername } from '../password.js';
import { keyParam } from '../params.js';
import { listQuerySchema } from '../list.js';
import { masterDataTexts } from '../master-data.js';
import { messageReplySchema, namesReplySchema } from '../common.js';
import { defineResource, type CrossPartProblem } from '../resource.js';

export const usernameField = z
  .string({ error: 'Username is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Username is required'),
    z.regex(/^[A-Za-z0-9._-]{3,40}$/, 'Username must be 3 to 40 letters, digits, dots, underscores or hyphens'),
  );

export const departmentField = z.enum(DEPARTMENTS, { error: choiceError('Department', 'Import or Export') });

/** A user as every call returns it: never a password or its hash. */
export const userSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  branchCity: z.object({ BranchCity: z.string() }),
  contact: z.string(),
  role: roleField,
  department: departmentField,
});
export type User = z.infer<typeof userSchema>;

/**
 * A user as far as their sessions go. `sessionVersion` counts the changes that end every
 * session of the user (a new password, role or username); a token carries the version it
 * was signed with, and the gateway refuses it once the two differ or the user is gone.
 */
export const userSessionStateSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  sessionVersion: z.int(),
});
export type UserSessionState = z.infer<typeof userSessionStateSchema>;

const userFields = z.object({
  fullName: requiredText('Full name'),
  username: usernameField,
  email: emailField,
  password: passwordField,
  branchCity: requiredText('Branch'),
  contact: phoneField('Contact'),
  role: roleField,
  department: departmentField,
});

/** The password is never the username (an edit may leave the username to the query: the service checks that too). */
const notUsername = (user: { username?: string; password?: string }) => !passwordIsUsername(user.password, user.username);
const notUsernameIssue = { error: PasswordMessages.sameAsUsername, path: ['password'] };

export const userCreateSchema = userFields.check(z.refine(notUsername, notUsernameIssue));
export type UserCreate = z.infer<typeof userCreateSchema>;

/** Edit: the same fields, the password optional (blank keeps the current one). */
export const userUpdateSchema = z
  .extend(userFields, {
    username: z.optional(usernameField),
    password: blankAsMissing(passwordField),
  })
  .check(z.refine(notUsername, notUsernameIssue));
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** PUT users/update?term=<current username>&updateterm=<new username> */
export const userUpdateQuerySchema = z.object({
  term: z.string({ error: 'term (the current username) is required' }).check(z.trim(), z.minLength(1, 'term (the current username) is required')),
  updateterm: usernameField,
});

export const USER_SORT_FIELDS = ['username', 'fullName', 'email', 'branchCity', 'role', 'department'] as const;
export const userListQuerySchema = listQuerySchema(USER_SORT_FIELDS);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userSearchReplySchema = z.object({ success: z.literal(true), users: z.array(userSchema) });
export const userWriteReplySchema = z.object({ success: z.literal(true), message: z.string(), user: userSchema });

const usernameParam = keyParam('username', 'Username');

/**
 * An edit names the user by `term` and renames them to `updateterm`: a username the body
 * still sends must be that new one, and the new password is not the new username either.
 */
function updateRules({ query, body }: { query: UserUpdateQuery; body: UserUpdate }): CrossPartProblem[] {
  const problems: CrossPartProblem[] = [];
  if (body.username !== undefined && body.username.toLowerCase() !== query.updateterm.toLowerCase()) {
    problems.push({ field: 'username', message: 'Must match updateterm', sentence: 'username must match updateterm' });
  }
  if (passwordIsUsername(body.password, query.updateterm)) problems.push({ field: 'password', message: PasswordMessages.sameAsUsername });
  return problems;
}
export type UserUpdateQuery = z.infer<typeof userUpdateQuerySchema>;

/**
 * Staff users (requirements 01 §4). The gateway checks the role may act in the area at all; whom an
 * actor may add, edit or delete (permissions.ts) the directory checks in the change's transaction.
 */
export const users = defineResource({
  service: 'directory',
  name: 'user',
  key: 'users',
  area: 'users',
  naturalKey: 'username',
  sortFields: USER_SORT_FIELDS,
  searchFields: ['username', 'fullName', 'email'],
  columns: [
    { field: 'username', label: 'Username' },
    { field: 'fullName', label: 'Fullname' },
    { field: 'email', label: 'Email' },
    { field: 'branchCity', label: 'Branch', text: (user: User) => user.branchCity.BranchCity },
    { field: 'contact', label: 'Contact' },
    { field: 'role', label: 'Role' },
    { field: 'department', label: 'Department' },
  ],
  texts: masterDataTexts('user', 'users'),
  operations: {
    all: { method: 'GET', path: '/api/users/all', summary: 'List users', action: 'read', query: userListQuerySchema, reply: z.array(userSchema), paged: true },
    search: {
      method: 'GET',
      path: '/api/users/search/{username}',
      summary: 'Users whose username contains the text (case-insensitive), exact match first',
      action: 'read',
      params: usernameParam,
      reply: userSearchReplySchema,
    },
    unique: { method: 'GET', path: '/api/users/unique', summary: 'Distinct full names of staff users', action: 'read', reply: namesReplySchema },
    get: {
      method: 'GET',
      path: '/api/users/get/{username}',
      summary: 'One user by username (case-insensitive)',
      action: 'read',
      params: usernameParam,
      reply: userSchema,
    },
    add: {
      method: 'POST',
      path: '/api/users/add',
      summary: 'Add a user',
      action: 'write',
      body: userCreateSchema,
      reply: userWriteReplySchema,
      idempotent: true,
    },
    update: {
      method: 'PUT',
      path: '/api/users/update',
      summary: 'Edit a user (term = current username, updateterm = new username)',
      action: 'write',
      query: userUpdateQuerySchema,
      body: userUpdateSchema,
      reply: userWriteReplySchema,
      refine: updateRules,
    },
    delete: {
      method: 'DELETE',
      path: '/api/users/delete/{username}',
      summary: 'Delete a user',
      action: 'delete',
      params: usernameParam,
      reply: messageReplySchema,
    },
  },
});
