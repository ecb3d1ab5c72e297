import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * The gateway signs every request it sends over NATS, and every service checks the signature
 * before it handles a message (NamespacedServerNats): a NATS client that is not the gateway
 * cannot make a service act, whatever `actor` it writes into the body. See docs/adr (gateway
 * signatures) for the reasoning.
 */

/** NATS header with `<expiresAt ms>.<base64url Ed25519 signature>`. */
export const SIGNATURE_HEADER = 'Freight-Gateway-Signature';
/** How long a signature holds: a slow hop or a small clock skew passes, a replay later does not. */
export const SIGNATURE_TTL_MS = 30_000;

const HEADER_FORMAT = /^(\d{1,16})\.([A-Za-z0-9_-]{86})$/;

/** What is signed: the subject as sent (namespace included), the expiry and a digest of the exact bytes. */
function signedBytes(subject: string, expiresAt: number, data: Uint8Array): Buffer {
  const digest = createHash('sha256').update(data).digest('base64url');
  return Buffer.from(`${subject}\n${expiresAt}\n${digest}`);
}

/** The header value for a request the gateway sends now. */
export function signRequest(key: KeyObject, subject: string, data: Uint8Array, now = Date.now()): string {
  const expiresAt = now + SIGNATURE_TTL_MS;
  return `${expiresAt}.${sign(null, signedBytes(subject, expiresAt, data), key).toString('base64url')}`;
}

/**
 * Why a request must be refused, or undefined when the gateway signed exactly this subject
 * and these bytes and the signature has not expired.
 */
export function signatureProblem(key: KeyObject, subject: string, data: Uint8Array, header: string | undefined, now = Date.now()): string | undefined {
  if (!header) return 'the request is not signed';
  const match = HEADER_FORMAT.exec(header);
  if (!match) return 'the signature header is malformed';
  const expiresAt = Number(match[1]);
  if (expiresAt < now) return 'the signature has expired';
  // A signature valid for longer than the gateway ever makes one was not made by it (or the clocks are far apart).
  if (expiresAt > now + 2 * SIGNATURE_TTL_MS) return 'the signature expires too far in the future';
  if (!verify(null, signedBytes(subject, expiresAt, data), key, Buffer.from(match[2], 'base64url'))) {
    return 'the signature does not match the subject and body';
  }
  return undefined;
}

/** Keys come as PEM, or as the DER bytes in base64 on one line (what `npm start` and the tests generate). */
const isPem = (text: string) => text.trim().startsWith('-----BEGIN');
const der = (text: string) => Buffer.from(text.trim(), 'base64');

function ed25519(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`expected an Ed25519 key, got ${key.asymmetricKeyType ?? 'a secret key'}`);
  return key;
}

/** The gateway's private signing key (GATEWAY_SIGNING_KEY). Throws when it is not an Ed25519 private key. */
export function parseSigningKey(text: string): KeyObject {
  return ed25519(isPem(text) ? createPrivateKey(text.trim()) : createPrivateKey({ key: der(text), format: 'der', type: 'pkcs8' }));
}

/** The gateway's public key, as services hold it (GATEWAY_PUBLIC_KEY). Throws when it is not an Ed25519 public key. */
export function parsePublicKey(text: string): KeyObject {
  // createPublicKey would accept a private key and derive the public one: refuse, a service must not hold it.
  if (text.includes('PRIVATE KEY')) throw new Error('this is a private key: give services the public key only');
  const key = isPem(text) ? createPublicKey(text.trim()) : createPublicKey({ key: der(text), format: 'der', type: 'spki' });
  if (key.type !== 'public') throw new Error('expected a public key');
  return ed25519(key);
}
