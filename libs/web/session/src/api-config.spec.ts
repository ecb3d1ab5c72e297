import { apiUrl, setApiBase } from './api-config.js';

describe('apiUrl', () => {
  afterEach(() => setApiBase('/api'));

  it('keeps contract paths under /api by default and adds the non-empty query parameters', () => {
    expect(apiUrl('/api/users/all')).toBe('/api/users/all');
    expect(apiUrl('/api/users/all', { page: 2, search: '', sort: undefined, q: 'a b' })).toBe('/api/users/all?page=2&q=a+b');
  });

  it('puts the paths under another configured base, without doubled slashes', () => {
    setApiBase('https://api.example.com/api/');
    expect(apiUrl('/api/users/all')).toBe('https://api.example.com/api/users/all');
    expect(apiUrl('/api')).toBe('https://api.example.com/api');
  });
});
