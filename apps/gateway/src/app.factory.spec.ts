import { isOriginAllowed } from './app.factory.js';

const config = { PUBLIC_ORIGINS: ['https://freight.example.com'], CORS_ORIGINS: ['https://console.example.com'] };

describe('isOriginAllowed', () => {
  it('allows calls without an Origin (curl, server to server, same-origin GET)', () => {
    expect(isOriginAllowed(undefined, config)).toBe(true);
  });

  it('allows the public origins and the configured cross-origin callers', () => {
    expect(isOriginAllowed('https://freight.example.com', config)).toBe(true);
    expect(isOriginAllowed('https://console.example.com', config)).toBe(true);
  });

  it('refuses every other origin, including a scheme or port variant and "null"', () => {
    for (const origin of ['https://evil.example', 'http://freight.example.com', 'https://freight.example.com:8443', 'null', '']) {
      expect(isOriginAllowed(origin, config)).toBe(false);
    }
  });
});
