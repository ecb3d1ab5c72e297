/**
 * Where the API lives. The contracts' paths all start with '/api'; a deployment
 * that serves the API elsewhere sets another base (e.g. 'https://api.example.com/api').
 */
let apiBase = '/api';

export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

/** Turn a contract path ('/api/users/all') into a URL under the configured base. */
export function apiUrl(path: string, query?: Record<string, string | number | undefined>): string {
  const url = apiBase + path.replace(/^\/api(?=\/|$)/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}
