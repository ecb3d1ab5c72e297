// The gateway's Ed25519 key pair: it signs every NATS request with the private key, and every
// service verifies with the public one (libs/server/core/src/gateway-signature.ts). Keys are
// one-line base64 DER, as GATEWAY_SIGNING_KEY and GATEWAY_PUBLIC_KEY take them.
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A fresh key pair. */
export function generateGatewayKeys() {
  const { privateKey } = generateKeyPairSync('ed25519');
  const signingKey = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  return { signingKey, publicKey: publicKeyOf(signingKey) };
}

/** The public key of a signing key given as PEM or base64 DER. */
export function publicKeyOf(signingKey) {
  const text = signingKey.trim();
  const key = text.startsWith('-----BEGIN') ? createPrivateKey(text) : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  return createPublicKey(key).export({ format: 'der', type: 'spki' }).toString('base64');
}

/**
 * The configured signing key, else one generated once and kept private in the data folder
 * (like the JWT secret); with its public key.
 */
export function gatewayKeys(configured, dataDir) {
  if (configured) return { signingKey: configured, publicKey: publicKeyOf(configured) };
  const file = join(dataDir, 'gateway-signing-key');
  if (existsSync(file)) {
    const signingKey = readFileSync(file, 'utf8').trim();
    return { signingKey, publicKey: publicKeyOf(signingKey) };
  }
  const keys = generateGatewayKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, keys.signingKey + '\n', { mode: 0o600 });
  return keys;
}
