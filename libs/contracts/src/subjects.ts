import { z } from 'zod/mini';
import { clientCredentialsReplySchema, clientSessionStateSchema, type ClientCredentialsReply, type ClientSessionState } from './directory/client-account.js';
import { userSchema, userSessionStateSchema, type User, type UserSessionState } from './directory/user.resource.js';
import { loginRequestSchema, type LoginRequest } from './sign-in.js';
import { messageReplySchema, type MessageReply, type ServiceHealth } from './common.js';
import { mailAcceptedSchema, mailSendRequestSchema, type MailAccepted } from './notification/mail.resource.js';
import { contactRequestSchema, type ContactRequest } from './notification/contact.resource.js';
import { clientAddressSchema, type ResourceMessages } from './resource.js';
import { referenceCountRequestSchema, referenceCountSchema, type ReferenceCount, type ReferenceCountRequest } from './references.js';
import { jobMailRequestsMessageSchema, jobMailRequestsReplySchema, type JobMailRequestsReply } from './shipment/job-mail.js';
import type { Resources } from './resources.js';
import { SERVICES, type ServiceName } from './services.js';
import { resources } from './resources.js';

/**
 * NATS request/reply subjects: `<service>.<thing>.<operation>`. A resource's subjects come
 * from its definition (`branches.subjects.add` = `directory.branch.add`); the few messages
 * that are no REST call's (health, the gateway's sign-in and session checks) are declared
 * here, each with the one schema both ends use (the reply's describes what the service answers:
 * the compatibility check of the contracts compares it, ADR 55).
 */
const ipField = clientAddressSchema;

/** What each service answers on `<service>.health`. */
const serviceHealthSchema = z.object({ service: z.enum(SERVICES), database: z.enum(['up', 'down']) });

export const internalMessages = {
  'directory.health': { request: z.optional(z.object({})), reply: serviceHealthSchema },
  /** `ip` lets the service slow down repeated failures from one address as well as for one username. */
  'directory.user.verifyCredentials': {
    request: z.extend(loginRequestSchema, { ip: ipField }),
    reply: z.extend(userSchema, { sessionVersion: userSessionStateSchema.shape.sessionVersion }),
  },
  /** What the gateway checks a token against on every staff call; NOT_FOUND once the user is deleted. */
  'directory.user.sessionState': { request: z.object({ id: z.uuid('id must be a user id') }), reply: userSessionStateSchema },
  /** Client sign-in: a consignee's or a shipper's username and password, limited like staff sign-in. */
  'directory.client.verifyCredentials': { request: z.extend(loginRequestSchema, { ip: ipField }), reply: clientCredentialsReplySchema },
  /** What the gateway checks a client token against on every client call; NOT_FOUND once the client is deleted. */
  'directory.client.sessionState': { request: z.object({ id: z.uuid('id must be a client id') }), reply: clientSessionStateSchema },
  'notification.health': { request: z.optional(z.object({})), reply: serviceHealthSchema },
  /** Queue an e-mail (a service's booking e-mails, the bench): written before the reply. */
  'notification.mail.send': { request: mailSendRequestSchema, reply: mailAcceptedSchema },
  /** The contact form, with the client address the limit counts by. */
  'notification.contact.submit': { request: z.extend(contactRequestSchema, { ip: ipField }), reply: messageReplySchema },
  'shipment.health': { request: z.optional(z.object({})), reply: serviceHealthSchema },
  /** How many active jobs use a master-data record (ADR 30): the gateway asks before the record's delete. */
  'shipment.references.count': { request: referenceCountRequestSchema, reply: referenceCountSchema },
  /** A job's booking e-mail requests, if the actor may see the job (the gateway joins them with their delivery state, ADR 32). */
  'shipment.job.mailRequests': { request: jobMailRequestsMessageSchema, reply: jobMailRequestsReplySchema },
  'accounts.health': { request: z.optional(z.object({})), reply: serviceHealthSchema },
  /** How many invoices and live credits name a consignee (ADR 30, 34): the gateway asks before the consignee's delete. */
  'accounts.references.count': { request: referenceCountRequestSchema, reply: referenceCountSchema },
} as const;

export interface InternalMessages {
  'directory.health': { request: Record<string, never>; reply: ServiceHealth };
  /** The reply's `sessionVersion` goes into the token the gateway signs. */
  'directory.user.verifyCredentials': { request: LoginRequest & { ip: string }; reply: User & Pick<UserSessionState, 'sessionVersion'> };
  'directory.user.sessionState': { request: { id: string }; reply: UserSessionState };
  'directory.client.verifyCredentials': { request: LoginRequest & { ip: string }; reply: ClientCredentialsReply };
  'directory.client.sessionState': { request: { id: string }; reply: ClientSessionState };
  'notification.health': { request: Record<string, never>; reply: ServiceHealth };
  'notification.mail.send': { request: z.input<typeof mailSendRequestSchema>; reply: MailAccepted };
  'notification.contact.submit': { request: ContactRequest & { ip: string }; reply: MessageReply };
  'shipment.health': { request: Record<string, never>; reply: ServiceHealth };
  'shipment.references.count': { request: ReferenceCountRequest; reply: ReferenceCount };
  'shipment.job.mailRequests': { request: z.input<typeof jobMailRequestsMessageSchema>; reply: JobMailRequestsReply };
  'accounts.health': { request: Record<string, never>; reply: ServiceHealth };
  'accounts.references.count': { request: ReferenceCountRequest; reply: ReferenceCount };
}

type MustHold<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Every internal message's reply schema describes its reply type: one that does not, does not compile. @typecheck */
export type InternalRepliesDescribed = MustHold<
  { [S in keyof InternalMessages]: Same<z.output<(typeof internalMessages)[S]['reply']>, InternalMessages[S]['reply']> }[keyof InternalMessages] extends true
    ? true
    : false
>;
/** Every registered service answers `<service>.health` (the gateway's /api/health asks each): a service without it does not compile. @typecheck */
export type EveryServiceHasHealth = MustHold<`${ServiceName}.health` extends keyof InternalMessages ? true : false>;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every subject's request and reply: the internal messages and every resource's. */
export type MessageMap = InternalMessages & UnionToIntersection<{ [K in keyof Resources]: ResourceMessages<Resources[K]> }[keyof Resources]>;
export type Subject = keyof MessageMap & string;
export type RequestOf<S extends Subject> = MessageMap[S]['request'];
export type ReplyOf<S extends Subject> = MessageMap[S]['reply'];

/** Every subject there is, e.g. to check that none leaves its service's namespace. */
export function allSubjects(): string[] {
  return [...Object.keys(internalMessages), ...Object.values(resources).flatMap((resource) => Object.values(resource.subjects) as string[])];
}
