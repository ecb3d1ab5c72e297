import type { z } from 'zod/mini';
import {
  IDEMPOTENCY_KEY_HEADER,
  Messages,
  TOTAL_COUNT_HEADER,
  apiPath,
  isErrorBody,
  type CallInputOf,
  type Method,
  type OperationInput,
} from '@freight/contracts';
import { apiUrl, logout, sessionToken } from '@freight/web-session';

export const NOT_JSON_MESSAGE = 'Expected JSON response but received something else.';
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * Marks an ApiError of any copy of the kit: host and remotes each bundle their own,
 * and the host's query client must recognise a remote's errors (not retry its 4xx).
 */
const API_ERROR = Symbol.for('@freight/web-kit/ApiError');

/**
 * A failed call: `status` 0 means the server was not reached. `fromServer` is false
 * when the message is the client's own text (no reply, or a reply without a message):
 * screens then show their catalogue fallback instead (requirements 01 §8).
 */
export class ApiError extends Error {
  readonly [API_ERROR] = true;

  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: Record<string, string>,
    readonly fromServer = status > 0,
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
  method?: Method;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Send the session's bearer token (default true; sign-in sends none). */
  auth?: boolean;
  /** A create that takes an Idempotency-Key (the route's `idempotent`): a key per call, one retry. */
  idempotent?: boolean;
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
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message.trim()) return new ApiError(message, response.status, `HTTP_${response.status}`);
  return new ApiError(statusText(response.status), response.status, `HTTP_${response.status}`, undefined, false);
}

/**
 * Call the API: JSON in and out, the bearer token of the session, errors as
 * ApiError. A 401 on a call that carried a token means the server ended the
 * session (expired or revoked): the browser logs out too.
 *
 * A create (`idempotent`, from the route of the api table) carries a new Idempotency-Key per call,
 * that is per form submission, and is sent once more with the same key when it got no answer
 * or a 502, 503 or 504: the server then answers the first result instead of writing twice.
 * Other calls are not repeated here (the query client retries reads).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const token = options.auth === false ? undefined : sessionToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const idempotent = options.idempotent === true;
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

/**
 * What `callApi` needs of a route: a row of the contracts' `api` table (or the operation of a
 * resource it was derived from). Its schemas type the call; they are not run here (the server
 * validates with the same ones, and the forms validate before they call).
 */
export interface CallableRoute {
  method: Method;
  /** OpenAPI style, `{param}` placeholders filled from `input.params`. */
  path: string;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  reply: z.ZodMiniType;
  paged?: boolean;
  /** A paged list whose body holds the rows under this key (`{data: [...]}`). */
  listKey?: string;
  idempotent?: boolean;
}

/** What a caller sends for a route: `{params, query, body}` as its schemas take them. */
export type CallInput<R extends CallableRoute> = CallInputOf<R>;

type ReplyOutput<R extends Pick<CallableRoute, 'reply'>> = z.output<R['reply']>;
/** What a call of the route gives: its reply, or for a paged list one page of items and the total. */
export type CallResult<R extends CallableRoute> = R extends { paged: true } ? ListPage<ListRowOf<R>> : ReplyOutput<R>;
/** A row of a paged list route: an element of its reply, or of the array under its `listKey`. */
export type ListRowOf<R extends Pick<CallableRoute, 'reply' | 'listKey'>> =
  ReplyOutput<R> extends readonly (infer T)[]
    ? T
    : R extends { listKey: infer K extends string }
      ? ReplyOutput<R> extends Record<K, readonly (infer T)[]>
        ? T
        : never
      : never;

export interface CallOptions {
  signal?: AbortSignal;
  /** Send the session's bearer token (default true; sign-in sends none). */
  auth?: boolean;
}

/** The input may be left out when the route needs none of its parts. */
type CallArgs<R extends CallableRoute> =
  object extends CallInput<R> ? [input?: CallInput<R>, options?: CallOptions] : [input: CallInput<R>, options?: CallOptions];

/** Query values as they go in a URL; empty ones are left out. */
function queryOf(query: unknown): Query | undefined {
  if (query === undefined || query === null) return undefined;
  const out: Query = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null) out[key] = typeof value === 'number' ? value : String(value);
  }
  return out;
}

/**
 * Call a route of the contracts' `api` table, typed by it:
 * `callApi(api.branchesGet, { params: { BranchCity } })` gives a `Branch`,
 * `callApi(api.usersAll, { query })` one page of users and the total (X-Total-Count),
 * `callApi(api.usersAdd, { body })` sends an Idempotency-Key and is repeated once, with the
 * same key, when no answer came back (see `apiRequest`).
 */
export async function callApi<R extends CallableRoute>(route: R, ...[input, options]: CallArgs<R>): Promise<CallResult<R>> {
  const { params, query, body } = (input ?? {}) as OperationInput;
  const path = apiPath(route.path, params as Record<string, string> | undefined);
  const request: RequestOptions = { ...options, method: route.method, query: queryOf(query), body, idempotent: route.idempotent };
  const { data, headers } = await apiRequest<unknown>(path, request);
  if (!route.paged) return data as CallResult<R>;
  // A list (requirements decisions §1): the body is the array (or holds it under `listKey`), the total in X-Total-Count.
  const rows: unknown = route.listKey ? (data as Record<string, unknown> | null)?.[route.listKey] : data;
  if (!Array.isArray(rows)) throw new ApiError(NOT_JSON_MESSAGE, 200, 'NOT_JSON');
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  const page: ListPage<unknown> = { items: rows, total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : rows.length };
  return page as CallResult<R>;
}

/** `callApi` for the kit's generic pages, which know a route only as a resource's operation: the input unchecked. */
export const callRoute = callApi as (route: CallableRoute, input?: OperationInput, options?: CallOptions) => Promise<unknown>;

export const DOWNLOAD_CUT_SHORT_MESSAGE = 'The download was cut short. Please try again.';

/** `attachment; filename="users-2026-11-20.csv"` → `users-2026-11-20.csv` */
export function attachmentName(disposition: string | null): string | undefined {
  return /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1];
}

/**
 * Download a file the server streams (a list's CSV export) and save it under the server's
 * name. The session's token goes in the Authorization header, as on every call, never in the
 * URL (where logs, history and Referer would keep it); the body is read as it arrives into a
 * blob (which the browser keeps on disk when large), then handed to the browser's downloads.
 * A reply that breaks off before its end rejects, so no partial file is ever saved.
 */
export async function downloadFile(
  route: Pick<CallableRoute, 'path'>,
  query: Record<string, unknown> | undefined,
  fallbackName: string,
  params: Record<string, string> = {},
): Promise<void> {
  const token = sessionToken();
  const headers: Record<string, string> = { Accept: route.path.endsWith('.pdf') ? 'application/pdf' : 'text/csv' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(apiPath(route.path, params), queryOf(query)), { headers });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK');
  }
  if (!response.ok) {
    const error = await parseError(response);
    if (response.status === 401 && token) void logout('unauthorized');
    throw error;
  }
  let file: Blob;
  try {
    file = await response.blob();
  } catch {
    throw new ApiError(DOWNLOAD_CUT_SHORT_MESSAGE, 0, 'NETWORK', undefined, false);
  }
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the time the page is back to its event loop; a minute is generous.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
