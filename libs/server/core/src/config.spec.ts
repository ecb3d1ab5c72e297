import { generateKeyPairSync } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, envFields, loadConfig, natsEnvSchema } from './config.js';

describe('loadConfig', () => {
  it('applies defaults, treats empty values as unset and normalises the namespace', () => {
    expect(loadConfig(natsEnvSchema, { NATS_NAMESPACE: 't1', NATS_URL: '' })).toEqual({
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_NAMESPACE: 't1.',
      NATS_REQUEST_TIMEOUT_MS: 5000,
    });
    expect(loadConfig(natsEnvSchema, {}).NATS_NAMESPACE).toBe('');
  });

  it('lists every bad variable in one error', () => {
    const schema = natsEnvSchema.extend({ DATABASE_URL: envFields.DATABASE_URL, SECRET: z.string().min(32, 'must be at least 32 characters') });
    try {
      loadConfig(schema, { NATS_REQUEST_TIMEOUT_MS: 'soon', DATABASE_URL: 'mysql://x/y', NATS_NAMESPACE: 'a b', SECRET: 'short' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
        'DATABASE_URL',
        'NATS_NAMESPACE',
        'NATS_REQUEST_TIMEOUT_MS',
        'SECRET',
      ]);
      expect((error as Error).message).toContain('SECRET: must be at least 32 characters');
    }
  });
});

describe('gateway keys in the configuration', () => {
  const schema = natsEnvSchema.extend({ GATEWAY_PUBLIC_KEY: envFields.GATEWAY_PUBLIC_KEY });
  const { publicKey } = generateKeyPairSync('ed25519');

  it('parses the key once, at start-up', () => {
    const config = loadConfig(schema, { GATEWAY_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') });
    expect(config.GATEWAY_PUBLIC_KEY.asymmetricKeyType).toBe('ed25519');
  });

  it('fails fast when a service has no key or a broken one, and reads its NATS identity', () => {
    expect(() => loadConfig(schema, {})).toThrow('GATEWAY_PUBLIC_KEY: is required');
    expect(() => loadConfig(schema, { GATEWAY_PUBLIC_KEY: 'bm9wZQ' })).toThrow(/GATEWAY_PUBLIC_KEY: is not a usable key/);
    const config = loadConfig(schema, {
      GATEWAY_PUBLIC_KEY: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      NATS_USER: 'directory',
      NATS_PASSWORD: 'pw',
    });
    expect(config).toMatchObject({ NATS_USER: 'directory', NATS_PASSWORD: 'pw' });
  });
});
