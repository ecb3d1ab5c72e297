import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { QUEUE_GROUPS, type ServiceName } from '@freight/contracts';

/**
 * The gateway authenticates every request it sends over NATS with the request key of the service
 * it is for, and every service checks it before it handles a message (NamespacedServerNats): a NATS
 * client without the key cannot make a service act, whatever `actor` it writes into the body. The
 * gateway holds every service's key, each service only its own, so a service's key makes requests
 * to that service alone (docs/adr/0060-per-service-request-keys.md, docs/adr/0009-nats-identities-and-signed-requests.md).
 */

/** NATS header with `<expiresAt ms>.<base64url HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'Freight-Gateway-Signature';
/** How long a signature holds: a slow hop or a small clock skew passes, a replay later does not. */
export const SIGNATURE_TTL_MS = 30_000;

const HEADER_FORMAT = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/;

/** The variable holding `service`'s request key in the gateway's environment: DIRECTORY_REQUEST_KEY. */
export type RequestKeyVariable<S extends ServiceName = ServiceName> = `${Uppercase<S>}_REQUEST_KEY`;
export const requestKeyVariable = <S extends ServiceName>(service: S) => `${service.toUpperCase()}_REQUEST_KEY` as RequestKeyVariable<S>;

/** Every service's request key, as the gateway holds them (one variable per service). */
export type RequestKeys = Readonly<Record<RequestKeyVariable, KeyObject>>;

/**
 * The key of the service `subject` (as sent, under `namespace`) is for: its first token, as for
 * `<service>.replyParts.<id>`. Undefined for a subject of no registered service or a key not held.
 */
export function requestKeyFor(keys: Partial<RequestKeys>, namespace: string, subject: string): KeyObject | undefined {
  if (!subject.startsWith(namespace)) return undefined;
  const service = subject.slice(namespace.length).split('.', 1)[0];
  return Object.hasOwn(QUEUE_GROUPS, service) ? keys[requestKeyVariable(service as ServiceName)] : undefined;
}

/** The MAC over what is authenticated: the subject as sent (namespace included), the expiry and the exact bytes. */
function mac(key: KeyObject, subject: string, expiresAt: number, data: Uint8Array): Buffer {
  return createHmac('sha256', key).update(`${subject}\n${expiresAt}\n`).update(data).digest();
}

/** The header value for a request the gateway sends now, with the key of the service it is for. */
export function signRequest(key: KeyObject, subject: string, data: Uint8Array, now = Date.now()): string {
  const expiresAt = now + SIGNATURE_TTL_MS;
  return `${expiresAt}.${mac(key, subject, expiresAt, data).toString('base64url')}`;
}

/**
 * Why a request must be refused, or undefined when it was signed with this service's key for
 * exactly this subject and these bytes and has not expired.
 */
export function signatureProblem(key: KeyObject, subject: string, data: Uint8Array, header: string | undefined, now = Date.now()): string | undefined {
  if (!header) return 'the request is not signed';
  const match = HEADER_FORMAT.exec(header);
  if (!match) return 'the signature header is malformed';
  const expiresAt = Number(match[1]);
  if (expiresAt < now) return 'the signature has expired';
  // A signature valid for longer than the gateway ever makes one was not made by it (or the clocks are far apart).
  if (expiresAt > now + 2 * SIGNATURE_TTL_MS) return 'the signature expires too far in the future';
  // Both are 32 bytes (the format above): compared in constant time, so timing tells nothing of the expected value.
  if (!timingSafeEqual(mac(key, subject, expiresAt, data), Buffer.from(match[2], 'base64url'))) {
    return 'the signature does not match the subject and body';
  }
  return undefined;
}

/** 32 bytes in standard base64 (`openssl rand -base64 32`). */
const KEY_FORMAT = /^[A-Za-z0-9+/]{43}=$/;

/** A request key (GATEWAY_REQUEST_KEY, DIRECTORY_REQUEST_KEY, …): 32 random bytes in base64 on one line. Throws otherwise. */
export function parseRequestKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (!KEY_FORMAT.test(trimmed)) throw new Error('expected 32 random bytes in base64 on one line (openssl rand -base64 32)');
  return createSecretKey(Buffer.from(trimmed, 'base64'));
}
