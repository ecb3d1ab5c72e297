import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { SERVICES } from '@freight/contracts';
import { ConfigError, envFields, loadConfig, natsEnvSchema, requestKeysEnvSchema } from './config.js';
import { requestKeyVariable } from './gateway-signature.js';

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

describe('request keys in the configuration', () => {
  const schema = natsEnvSchema.extend({ GATEWAY_REQUEST_KEY: envFields.GATEWAY_REQUEST_KEY });
  const key = () => randomBytes(32).toString('base64');

  it("parses a service's key once, at start-up", () => {
    const config = loadConfig(schema, { GATEWAY_REQUEST_KEY: key() });
    expect(config.GATEWAY_REQUEST_KEY.type).toBe('secret');
    expect(config.GATEWAY_REQUEST_KEY.symmetricKeySize).toBe(32);
  });

  it('fails fast when a service has no key or a broken one, and reads its NATS identity', () => {
    expect(() => loadConfig(schema, {})).toThrow('GATEWAY_REQUEST_KEY: is required');
    expect(() => loadConfig(schema, { GATEWAY_REQUEST_KEY: 'bm9wZQ' })).toThrow(/GATEWAY_REQUEST_KEY: is not a usable key \(expected 32 random bytes/);
    const config = loadConfig(schema, { GATEWAY_REQUEST_KEY: key(), NATS_USER: 'directory', NATS_PASSWORD: 'pw' });
    expect(config).toMatchObject({ NATS_USER: 'directory', NATS_PASSWORD: 'pw' });
  });

  it("needs every service's own key in the gateway, each different", () => {
    const keys = Object.fromEntries(SERVICES.map((service) => [requestKeyVariable(service), key()]));
    const config = loadConfig(requestKeysEnvSchema, keys);
    expect(Object.keys(config).sort()).toEqual(['ACCOUNTS_REQUEST_KEY', 'DIRECTORY_REQUEST_KEY', 'NOTIFICATION_REQUEST_KEY', 'SHIPMENT_REQUEST_KEY']);
    expect(() => loadConfig(requestKeysEnvSchema, { ...keys, SHIPMENT_REQUEST_KEY: undefined })).toThrow(
      "SHIPMENT_REQUEST_KEY: is required: the shipment service's request key (its GATEWAY_REQUEST_KEY)",
    );
    expect(() => loadConfig(requestKeysEnvSchema, { ...keys, ACCOUNTS_REQUEST_KEY: keys.DIRECTORY_REQUEST_KEY })).toThrow(
      'ACCOUNTS_REQUEST_KEY: is the same key as DIRECTORY_REQUEST_KEY: each service needs its own',
    );
  });
});
