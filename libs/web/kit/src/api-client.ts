import { IDEMPOTENCY_KEY_HEADER, Messages, TOTAL_COUNT_HEADER, idempotentRoute, isErrorBody } from '@freight/contracts';
import { apiUrl, getSession, logout } from '@freight/web-session';

export const NOT_JSON_MESSAGE = 'Expected JSON response but received something else.';
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * Marks an ApiError of any copy of the kit: host and remotes each bundle their own,
 * and the host's query client must recognise a remote's errors (not retry its 4xx).
 */
const API_ERROR = Symbol.for('@freight/web-kit/ApiError');

/** A failed call: `status` 0 means the server was not reached. */
export class ApiError extends Error {
  readonly [API_ERROR] = true;

  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the server answered (as opposed to a network failure). */
  get answered(): boolean {
    return this.status > 0;
  }
}

/** Also true for an ApiError made by another app's copy of the kit (where instanceof is false). */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && API_ERROR in error;
}

type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Send the session's bearer token (default true; sign-in sends none). */
  auth?: boolean;
}

/** Answers that may come from a hop that lost the service's reply (or never reached it): worth one more try. */
const RETRY_STATUSES = new Set([502, 503, 504]);
/** Wait before the retry: the server's Retry-After when it gives one, within these bounds. */
const RETRY_DELAY_MS = { default: 1000, max: 5000 };

function retryDelayMs(failure: Response | ApiError): number {
  const seconds = failure instanceof Response ? Number(failure.headers.get('Retry-After')) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, RETRY_DELAY_MS.max) : RETRY_DELAY_MS.default;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

function statusText(status: number): string {
  switch (status) {
    case 401:
      return Messages.unauthorized;
    case 403:
      return Messages.forbidden;
    default:
      return `HTTP error! Status: ${status}`;
  }
}

async function parseError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) return new ApiError(body.message, response.status, body.code, body.details);
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : statusText(response.status);
  return new ApiError(message, response.status, `HTTP_${response.status}`);
}

/**
 * Call the API: JSON in and out, the bearer token of the session, errors as
 * ApiError. A 401 on a call that carried a token means the server ended the
 * session (expired or revoked): the browser logs out too.
 *
 * A create (an `idempotent` route of the api table) carries a new Idempotency-Key per call,
 * that is per form submission, and is sent once more with the same key when it got no answer
 * or a 502, 503 or 504: the server then answers the first result instead of writing twice.
 * Other calls are not repeated here (the query client retries reads).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const token = options.auth === false ? undefined : getSession()?.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const idempotent = idempotentRoute(method, path) !== undefined;
  if (idempotent) headers[IDEMPOTENCY_KEY_HEADER] = crypto.randomUUID();

  const attempt = async (): Promise<Response | ApiError> => {
    try {
      return await fetch(apiUrl(path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return new ApiError(NETWORK_MESSAGE, 0, 'NETWORK');
    }
  };

  let response = await attempt();
  if (idempotent && (response instanceof ApiError || RETRY_STATUSES.has(response.status))) {
    if (response instanceof Response) await response.body?.cancel();
    await sleep(retryDelayMs(response), options.signal);
    response = await attempt();
  }
  if (response instanceof ApiError) throw response;

  if (!response.ok) {
    const error = await parseError(response);
    if (response.status === 401 && token) void logout('unauthorized');
    throw error;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) throw new ApiError(NOT_JSON_MESSAGE, response.status, 'NOT_JSON');
  return { data: (await response.json()) as T, headers: response.headers };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export interface ListPage<T> {
  items: T[];
  total: number;
}

/** A list call (DECISIONS §1): the body is the array, the total in X-Total-Count. */
export async function apiList<T>(path: string, query: Query, signal?: AbortSignal): Promise<ListPage<T>> {
  const { data, headers } = await apiRequest<T[]>(path, { query, signal });
  if (!Array.isArray(data)) throw new ApiError(NOT_JSON_MESSAGE, 200, 'NOT_JSON');
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { items: data, total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : data.length };
}

export const apiGet = <T>(path: string, query?: Query, signal?: AbortSignal) =>
  apiRequest<T>(path, { query, signal }).then((r) => r.data);
export const apiPost = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body }).then((r) => r.data);
export const apiPut = <T>(path: string, body: unknown, query?: Query) =>
  apiRequest<T>(path, { method: 'PUT', body, query }).then((r) => r.data);
export const apiDelete = <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }).then((r) => r.data);
