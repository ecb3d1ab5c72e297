import { describe, expect, it } from '@jest/globals';
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayKeys, generateGatewayKeys, publicKeyOf } from './gateway-keys.mjs';

const privateDer = (text) => createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
const publicDer = (text) => createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });

describe('gateway keys', () => {
  it('are a matching Ed25519 pair in one-line base64 DER', () => {
    const { signingKey, publicKey } = generateGatewayKeys();
    expect(signingKey).toMatch(/^[A-Za-z0-9+/=]+$/);
    const signature = sign(null, Buffer.from('x'), privateDer(signingKey));
    expect(verify(null, Buffer.from('x'), publicDer(publicKey), signature)).toBe(true);
    expect(publicDer(publicKey).asymmetricKeyType).toBe('ed25519');
  });

  it('keep a configured key, and derive its public key', () => {
    const { signingKey, publicKey } = generateGatewayKeys();
    expect(gatewayKeys(signingKey, mkdtempSync(join(tmpdir(), 'data-')))).toEqual({ signingKey, publicKey });
    const pem = privateDer(signingKey).export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(publicKeyOf(pem)).toBe(publicKey);
  });

  it('are generated once when none is configured, kept private in the data folder and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    const first = gatewayKeys('', dir);
    expect(gatewayKeys(undefined, dir)).toEqual(first);
    expect(readFileSync(join(dir, 'gateway-signing-key'), 'utf8').trim()).toBe(first.signingKey);
    expect(statSync(join(dir, 'gateway-signing-key')).mode & 0o077).toBe(0);
  });
});
