import { KeyObject, randomBytes } from 'node:crypto';
import { ConfigError } from '@freight/server';
import { loadGatewayConfig } from './gateway.config.js';

const secret = 'x'.repeat(32);
/** Every service's request key, each its own. */
const keys = {
  DIRECTORY_REQUEST_KEY: randomBytes(32).toString('base64'),
  NOTIFICATION_REQUEST_KEY: randomBytes(32).toString('base64'),
  SHIPMENT_REQUEST_KEY: randomBytes(32).toString('base64'),
  ACCOUNTS_REQUEST_KEY: randomBytes(32).toString('base64'),
};

describe('loadGatewayConfig', () => {
  it('fills the development defaults', () => {
    expect(loadGatewayConfig({ JWT_SECRET: secret, ...keys })).toEqual({
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: 3000,
      JWT_SECRET: secret,
      PUBLIC_ORIGINS: [],
      CORS_ORIGINS: [],
      BODY_LIMIT_BYTES: 1_048_576,
      GATEWAY_TRUST_PROXY: 'loopback',
      EXPORT_CHUNK_ROWS: 500,
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_NAMESPACE: '',
      NATS_REQUEST_TIMEOUT_MS: 5000,
      DIRECTORY_REQUEST_KEY: expect.any(KeyObject),
      NOTIFICATION_REQUEST_KEY: expect.any(KeyObject),
      SHIPMENT_REQUEST_KEY: expect.any(KeyObject),
      ACCOUNTS_REQUEST_KEY: expect.any(KeyObject),
      LOG_LEVEL: 'info',
      COMPANY_NAME: 'Freight Forwarding',
      COMPANY_ADDRESS: 'Harbour House, 12 Quay Road, Port District 74000',
      COMPANY_PHONE: '+92 21 3555 0100',
      SUPPORT_EMAIL: 'support@freight.localhost',
      COMPANY_LOGO_URL: '',
      DRAIN_DELAY_MS: 0,
      DRAIN_TIMEOUT_MS: 20_000,
      JETSTREAM_STARTUP_WAIT_MS: 30_000,
      CHECK_JSON_REPLIES: false,
      NATS_STREAM_REPLICAS: 1,
    });
  });

  it('reads lists, numbers and the proxy setting', () => {
    const config = loadGatewayConfig({
      JWT_SECRET: secret,
      ...keys,
      PUBLIC_ORIGINS: 'http://127.0.0.1:8080,http://localhost:8080',
      CORS_ORIGINS: 'https://console.example.com, https://portal.example.com/',
      GATEWAY_PORT: '8081',
      GATEWAY_TRUST_PROXY: '2',
      NATS_NAMESPACE: 't1',
    });
    expect(config.PUBLIC_ORIGINS).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
    expect(config.CORS_ORIGINS).toEqual(['https://console.example.com', 'https://portal.example.com']);
    expect(config.GATEWAY_PORT).toBe(8081);
    expect(config.GATEWAY_TRUST_PROXY).toBe(2);
    expect(config.NATS_NAMESPACE).toBe('t1.');
    expect(loadGatewayConfig({ JWT_SECRET: secret, ...keys, GATEWAY_TRUST_PROXY: 'false' }).GATEWAY_TRUST_PROXY).toBe(false);
  });

  it('fails fast naming every bad variable', () => {
    expect(() => loadGatewayConfig({})).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ JWT_SECRET: 'short', ...keys })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadGatewayConfig({ JWT_SECRET: secret, ...keys, SHIPMENT_REQUEST_KEY: undefined })).toThrow(/SHIPMENT_REQUEST_KEY: is required/);
    expect(() => loadGatewayConfig({ JWT_SECRET: secret, ...keys, SHIPMENT_REQUEST_KEY: 'short' })).toThrow(/SHIPMENT_REQUEST_KEY: is not a usable key/);
    expect(() => loadGatewayConfig({ JWT_SECRET: secret, ...keys, SHIPMENT_REQUEST_KEY: keys.DIRECTORY_REQUEST_KEY })).toThrow(
      /SHIPMENT_REQUEST_KEY: is the same key as DIRECTORY_REQUEST_KEY/,
    );
    try {
      loadGatewayConfig({ JWT_SECRET: secret, ...keys, GATEWAY_PORT: 'eighty', CORS_ORIGINS: 'not an origin' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual(['GATEWAY_PORT', 'CORS_ORIGINS.0']);
    }
    expect(() => loadGatewayConfig({ JWT_SECRET: secret, ...keys, COMPANY_PHONE: 'call us' })).toThrow(/COMPANY_PHONE: COMPANY_PHONE must be a phone number/);
  });
});
