import { generateKeyPairSync } from 'node:crypto';
import { SIGNATURE_TTL_MS, parsePublicKey, parseSigningKey, signRequest, signatureProblem } from './gateway-signature.js';

const pair = () => generateKeyPairSync('ed25519');
const { privateKey, publicKey } = pair();
const body = Buffer.from(JSON.stringify({ pattern: 'directory.user.create', data: { actor: { role: 'Employee' } }, id: '1' }));
const subject = 'directory.user.create';
const now = 1_800_000_000_000;

describe('gateway signatures', () => {
  it('accept exactly what the gateway signed, until it expires', () => {
    const header = signRequest(privateKey, subject, body, now);
    expect(signatureProblem(publicKey, subject, body, header, now)).toBeUndefined();
    expect(signatureProblem(publicKey, subject, body, header, now + SIGNATURE_TTL_MS)).toBeUndefined();
    expect(signatureProblem(publicKey, subject, body, header, now + SIGNATURE_TTL_MS + 1)).toBe('the signature has expired');
  });

  it('refuse a missing or malformed signature', () => {
    expect(signatureProblem(publicKey, subject, body, undefined, now)).toBe('the request is not signed');
    expect(signatureProblem(publicKey, subject, body, '', now)).toBe('the request is not signed');
    expect(signatureProblem(publicKey, subject, body, 'not-a-signature', now)).toBe('the signature header is malformed');
  });

  it('refuse a signature moved to other bytes, another subject or another namespace', () => {
    const header = signRequest(privateKey, subject, body, now);
    const changed = Buffer.from(body.toString().replace('Employee', 'Head'));
    expect(signatureProblem(publicKey, subject, changed, header, now)).toBe('the signature does not match the subject and body');
    expect(signatureProblem(publicKey, 'directory.user.delete', body, header, now)).toBe('the signature does not match the subject and body');
    expect(signatureProblem(publicKey, `t1.${subject}`, body, header, now)).toBe('the signature does not match the subject and body');
  });

  it('refuse a signature made with another key, or with its expiry moved', () => {
    const forged = signRequest(pair().privateKey, subject, body, now);
    expect(signatureProblem(publicKey, subject, body, forged, now)).toBe('the signature does not match the subject and body');
    const [expiresAt, signature] = signRequest(privateKey, subject, body, now).split('.');
    expect(signatureProblem(publicKey, subject, body, `${Number(expiresAt) + 1000}.${signature}`, now)).toBe(
      'the signature does not match the subject and body',
    );
    const farFuture = signRequest(privateKey, subject, body, now + 10 * SIGNATURE_TTL_MS);
    expect(signatureProblem(publicKey, subject, body, farFuture, now)).toBe('the signature expires too far in the future');
  });
});

describe('gateway keys', () => {
  const derPrivate = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  const derPublic = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

  it('read PEM and one-line base64 DER', () => {
    const header = signRequest(parseSigningKey(derPrivate), subject, body, now);
    expect(signatureProblem(parsePublicKey(derPublic), subject, body, header, now)).toBeUndefined();
    const pemHeader = signRequest(parseSigningKey(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()), subject, body, now);
    expect(signatureProblem(parsePublicKey(publicKey.export({ format: 'pem', type: 'spki' }).toString()), subject, body, pemHeader, now)).toBeUndefined();
  });

  it('refuse the wrong kind of key, and a private key where the public one belongs', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => parseSigningKey(rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString())).toThrow('expected an Ed25519 key, got rsa');
    expect(() => parsePublicKey(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString())).toThrow('this is a private key');
    expect(() => parsePublicKey(derPrivate)).toThrow();
    expect(() => parseSigningKey('bm90IGEga2V5')).toThrow();
  });
});
