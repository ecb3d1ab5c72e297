import { z } from 'zod/mini';
import { blankAsMissing, emailField, optionalText, requiredText } from '../fields.js';
import { passwordField } from '../password.js';
import { keyParam } from '../params.js';
import { CLIENT_ROLES, type ClientRole } from '../roles.js';
import type { ListColumnDef } from '../list.js';
import { masterDataTexts } from '../master-data.js';
import { loginRequestSchema } from '../sign-in.js';
import { usernameField } from './user.resource.js';

/*
 * What consignees and shippers share: they sign in to the client portal with a username and
 * password of their own. Client usernames are unique whatever their case across consignees and
 * shippers together (staff usernames are another namespace: staff and clients sign in at
 * different calls and hold different kinds of token). Passwords follow the staff rule.
 */

export const clientMobileField = (required: boolean) =>
  (required ? requiredText('Mobile', 30) : optionalText('Mobile', 30)).check(
    z.regex(/^(|[0-9+()\-\s]{5,30})$/, 'Mobile must be a phone number (digits, spaces, + - ( ))'),
  );

/** The fields every client record has on add, as the screens name them. */
export const clientAccountFields = {
  username: usernameField,
  password: passwordField,
  email: emailField,
  handlingPersonName: requiredText('Handling person name'),
};

/** A client list's columns (screen and CSV export): the name, then what the spec's list shows; no secret. */
export function clientColumns<const Name extends string>(nameField: Name, nameLabel: string) {
  return [
    { field: nameField, label: nameLabel },
    { field: 'username', label: 'Username' },
    { field: 'email', label: 'Email' },
    { field: 'address', label: 'Address' },
    { field: 'mobile', label: 'Mobile' },
    { field: 'handlingPersonName', label: 'Handling Person' },
  ] as const satisfies readonly ListColumnDef[];
}

/**
 * What a consignee's and a shipper's definitions share: named in URLs by `<kind>_id`, sorted by any
 * listed column, searched by name, listed (and exported) without the password, the spec's texts.
 */
export function clientFacts<const Kind extends ClientRole>(kind: Kind, thing: Capitalize<Kind>) {
  const nameField = `${kind}Name` as const;
  return {
    name: kind,
    naturalKey: `${kind}_id` as const,
    keyLabel: `${thing} ID`,
    sortFields: [`${kind}_id` as const, nameField, 'username', 'email', 'address', 'mobile', 'handlingPersonName'] as const,
    searchFields: [nameField] as const,
    columns: clientColumns(nameField, `${thing} Name`),
    texts: { ...masterDataTexts(kind, `${kind}s`), notFound: `${thing} not found` },
  };
}

/**
 * The calls a client kind has besides the standard ones (requirements 01 §7): `search/{<kind>_id}` answers
 * the one client with that id as a list (the view screen), `unique` every name.
 */
export function clientOperations<const Kind extends ClientRole, Rec extends z.ZodMiniObject>(kind: Kind, thing: Capitalize<Kind>, record: Rec) {
  const plural = `${kind}s` as const;
  return {
    search: {
      method: 'GET',
      path: `/api/${plural}/search/{${kind}_id}`,
      summary: `The ${kind} with this id, as a list (the view screen)`,
      action: 'read',
      params: keyParam(`${kind}_id`, `${thing} ID`),
      reply: z.object({ success: z.literal(true), [plural]: z.array(record) }) as z.ZodMiniObject<
        { success: z.ZodMiniLiteral<true> } & { [P in typeof plural]: z.ZodMiniArray<Rec> }
      >,
    },
    unique: { method: 'GET', path: `/api/${plural}/unique`, summary: `Every ${kind} name, sorted`, action: 'read', reply: z.array(z.string()) },
  } as const;
}

/** An edit: a blank (or absent) password keeps the current one. */
export const optionalPasswordField = blankAsMissing(passwordField);

export const clientLoginRequestSchema = loginRequestSchema;

/** POST /api/clientlogin/myclientlogin (requirements decisions §3): the client's username, kind and name, and a client token. */
export const clientLoginResponseSchema = z.object({
  username: z.string(),
  role: z.enum(CLIENT_ROLES),
  ourfullname: z.string(),
  /** Ours (an addition, requirements decisions §1): the consignee's or shipper's id, what the calls of their own data by id name (`/api/accounts/statement/{consignee_id}`). */
  client_id: z.string(),
  token: z.string(),
  /** Millisecond timestamp after which the server refuses the token. */
  expiresAt: z.int(),
});
export type ClientLoginResponse = z.infer<typeof clientLoginResponseSchema>;

/** A client as far as their sessions go: the version is raised by a new password; a delete ends them too. */
export const clientSessionStateSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(CLIENT_ROLES),
  sessionVersion: z.int(),
});
export type ClientSessionState = z.infer<typeof clientSessionStateSchema>;

/** What the directory answers a correct client sign-in. */
export const clientCredentialsReplySchema = z.extend(clientSessionStateSchema, {
  /** The consignee's or shipper's name (`ourfullname`). */
  fullName: z.string(),
});
export type ClientCredentialsReply = z.infer<typeof clientCredentialsReplySchema>;

/** An edit's body as requirements 01 §7 has it for consignees and shippers: `{updateData: {...the fields}}`. */
export const updateDataBody = <S extends z.ZodMiniType<unknown, Record<string, unknown>>>(data: S) =>
  z.object({
    updateData: z.pipe(
      z.looseObject({}, { error: (issue) => (issue.input === undefined ? 'updateData is required' : 'updateData must be an object of the fields') }),
      data,
    ),
  });
