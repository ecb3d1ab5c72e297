import { apiUrl } from '@freight/web-session';

/** What a call answered: the status (0 when the network failed) and the JSON body, if any. */
export interface Answer<T = unknown> {
  status: number;
  ok: boolean;
  body: T | undefined;
}

/** A JSON call to the gateway. Never throws: a network failure is status 0. */
export async function callJson<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { status: 0, ok: false, body: undefined };
  }
  let body: T | undefined;
  try {
    body = (await response.json()) as T;
  } catch {
    body = undefined;
  }
  return { status: response.status, ok: response.ok, body };
}

/** The server's message of an answer (the gateway's error body `{message, code, details?}`), else the fallback. */
export function serverMessage(answer: Answer, fallback: string): string {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** The per-field messages of a 400 (`details`), if the server sent any. */
export function serverFieldErrors(answer: Answer): Record<string, string> {
  const details = (answer.body as { details?: unknown } | undefined)?.details;
  if (!details || typeof details !== 'object') return {};
  return Object.fromEntries(Object.entries(details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The first message per field of a zod error (what the forms show under each field). */
export function firstIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Shows (or clears) a field's message and marks the input invalid for assistive technology. */
export function showFieldError(input: HTMLInputElement | HTMLTextAreaElement, box: HTMLElement | null, message: string | undefined): void {
  if (box) box.textContent = message ?? '';
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

export function byId<T extends HTMLElement>(root: Document | HTMLElement, id: string): T {
  const element = (root instanceof Document ? root : root.ownerDocument).getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
}
