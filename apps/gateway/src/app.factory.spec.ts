import { isOriginAllowed } from './app.factory.js';

const request = (origin: string | undefined, host = 'freight.example.com', protocol: 'http' | 'https' = 'https') => ({ headers: { origin }, host, protocol });
const allowed = ['https://console.example.com'];

describe('isOriginAllowed', () => {
  it('allows calls without an Origin (same origin, curl, server to server)', () => {
    expect(isOriginAllowed(request(undefined), allowed)).toBe(true);
  });

  it('allows the host’s own origin, as the client sees it through the proxy', () => {
    expect(isOriginAllowed(request('https://freight.example.com'), allowed)).toBe(true);
    expect(isOriginAllowed(request('http://127.0.0.1:8080', '127.0.0.1:8080', 'http'), [])).toBe(true);
  });

  it('allows configured origins only', () => {
    expect(isOriginAllowed(request('https://console.example.com'), allowed)).toBe(true);
    expect(isOriginAllowed(request('https://evil.example'), allowed)).toBe(false);
    expect(isOriginAllowed(request('http://freight.example.com'), allowed)).toBe(false);
    expect(isOriginAllowed(request('null'), allowed)).toBe(false);
  });
});
