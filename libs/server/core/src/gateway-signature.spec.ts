import { randomBytes } from 'node:crypto';
import { SIGNATURE_TTL_MS, parseRequestKey, requestKeyFor, requestKeyVariable, signRequest, signatureProblem } from './gateway-signature.js';

const newKey = () => parseRequestKey(randomBytes(32).toString('base64'));
const directoryKey = newKey();
const shipmentKey = newKey();
const body = Buffer.from(JSON.stringify({ pattern: 'directory.user.create', data: { actor: { role: 'Employee' } }, id: '1' }));
const subject = 'directory.user.create';
const now = 1_800_000_000_000;
const mismatch = 'the signature does not match the subject and body';

describe('gateway signatures', () => {
  it('accept exactly what the gateway signed with the service key, until it expires', () => {
    const header = signRequest(directoryKey, subject, body, now);
    expect(header).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(signatureProblem(directoryKey, subject, body, header, now)).toBeUndefined();
    expect(signatureProblem(directoryKey, subject, body, header, now + SIGNATURE_TTL_MS)).toBeUndefined();
    expect(signatureProblem(directoryKey, subject, body, header, now + SIGNATURE_TTL_MS + 1)).toBe('the signature has expired');
  });

  it('refuse a missing or malformed signature', () => {
    expect(signatureProblem(directoryKey, subject, body, undefined, now)).toBe('the request is not signed');
    expect(signatureProblem(directoryKey, subject, body, '', now)).toBe('the request is not signed');
    expect(signatureProblem(directoryKey, subject, body, 'not-a-signature', now)).toBe('the signature header is malformed');
    const [expiresAt, tag] = signRequest(directoryKey, subject, body, now).split('.');
    // One character short, one too many, or an Ed25519 signature's length: malformed, never compared.
    expect(signatureProblem(directoryKey, subject, body, `${expiresAt}.${tag.slice(1)}`, now)).toBe('the signature header is malformed');
    expect(signatureProblem(directoryKey, subject, body, `${expiresAt}.${tag}A`, now)).toBe('the signature header is malformed');
    expect(signatureProblem(directoryKey, subject, body, `${expiresAt}.${'A'.repeat(86)}`, now)).toBe('the signature header is malformed');
  });

  it('refuse a signature moved to other bytes, another subject or another namespace', () => {
    const header = signRequest(directoryKey, subject, body, now);
    const changed = Buffer.from(body.toString().replace('Employee', 'Head'));
    expect(signatureProblem(directoryKey, subject, changed, header, now)).toBe(mismatch);
    expect(signatureProblem(directoryKey, subject, Buffer.concat([body, Buffer.from(' ')]), header, now)).toBe(mismatch);
    expect(signatureProblem(directoryKey, 'directory.user.delete', body, header, now)).toBe(mismatch);
    expect(signatureProblem(directoryKey, `t1.${subject}`, body, header, now)).toBe(mismatch);
  });

  it("refuse a signature made with another service's key or any other key, or with its expiry moved", () => {
    expect(signatureProblem(directoryKey, subject, body, signRequest(shipmentKey, subject, body, now), now)).toBe(mismatch);
    expect(signatureProblem(directoryKey, subject, body, signRequest(newKey(), subject, body, now), now)).toBe(mismatch);
    const [expiresAt, tag] = signRequest(directoryKey, subject, body, now).split('.');
    expect(signatureProblem(directoryKey, subject, body, `${Number(expiresAt) + 1000}.${tag}`, now)).toBe(mismatch);
  });

  it('refuse a signature that holds longer than the gateway ever makes one', () => {
    const farFuture = signRequest(directoryKey, subject, body, now + 10 * SIGNATURE_TTL_MS);
    expect(signatureProblem(directoryKey, subject, body, farFuture, now)).toBe('the signature expires too far in the future');
  });
});

describe('request keys', () => {
  it('read 32 bytes in base64 on one line', () => {
    const text = randomBytes(32).toString('base64');
    const header = signRequest(parseRequestKey(`${text}\n`), subject, body, now);
    expect(signatureProblem(parseRequestKey(text), subject, body, header, now)).toBeUndefined();
  });

  it('refuse a key of another length, another encoding, or an Ed25519 key of before', () => {
    const problem = 'expected 32 random bytes in base64 on one line (openssl rand -base64 32)';
    expect(() => parseRequestKey(randomBytes(16).toString('base64'))).toThrow(problem);
    expect(() => parseRequestKey(randomBytes(33).toString('base64'))).toThrow(problem);
    expect(() => parseRequestKey(randomBytes(32).toString('hex'))).toThrow(problem);
    expect(() => parseRequestKey('')).toThrow(problem);
    expect(() => parseRequestKey('MC4CAQAwBQYDK2VwBCIEIBpXm3PFOeTPwYDU9oNyVVqTmf1y9s3z1S6kdWahZGTw')).toThrow(problem);
  });

  it("are picked by the subject's service (its first token after the namespace), parts subjects included", () => {
    const keys = { [requestKeyVariable('directory')]: directoryKey, [requestKeyVariable('shipment')]: shipmentKey };
    expect(requestKeyVariable('shipment')).toBe('SHIPMENT_REQUEST_KEY');
    expect(requestKeyFor(keys, '', 'directory.user.create')).toBe(directoryKey);
    expect(requestKeyFor(keys, 't1.', 't1.shipment.job.create')).toBe(shipmentKey);
    expect(requestKeyFor(keys, 't1.', 't1.shipment.replyParts.0b6f2b9e-8d1f-4b8e-9d55-1a2b3c4d5e6f')).toBe(shipmentKey);
    // Another namespace, a service without a key here, a token that is no service: no key, so the request goes unsigned.
    expect(requestKeyFor(keys, 't1.', 't2.shipment.job.create')).toBeUndefined();
    expect(requestKeyFor(keys, '', 'accounts.health')).toBeUndefined();
    expect(requestKeyFor(keys, '', 'gateway.health')).toBeUndefined();
    expect(requestKeyFor(keys, '', 'constructor.x')).toBeUndefined();
  });
});
