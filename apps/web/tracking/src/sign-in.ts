import { SIGN_IN_REASONS, landingPathFor, loginRequestSchema, loginResponseSchema, ownRoutes, returnPath } from '@freight/contracts';
import { getSession, isSessionValid, markLoginFailed, startSession } from '@freight/web-session';
import { byId, callJson, firstIssues, serverMessage, showFieldError } from './api.js';

/** Requirements 01 §8: a failed sign-in shows the server's message, else this, in red under the form. */
export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

const FIELDS = ['username', 'password'] as const;

/**
 * #login: the staff sign-in form (requirements 01 §2, §4, §8), the one the console used to have at '/'.
 * Checked with the contracts' loginRequestSchema (the gateway's rule) on submit and then on every
 * change; a success stores the session as the console reads it (@freight/web-session) and goes
 * to the role's landing page; a failure leaves user_login 'false'. Someone already signed in
 * sees a link to the console instead of the form (no automatic redirect, so no loop).
 *
 * Sent here by the console instead of the page asked for (`?reason=…&next=…`), the form says why
 * and, once signed in, goes to that page: only a path of this site (contracts `returnPath`).
 */
export function setupSignIn(root: Document, navigate: (path: string) => void = (path) => window.location.assign(path)): void {
  const form = byId<HTMLFormElement>(root, 'login-form');
  const signedIn = byId<HTMLElement>(root, 'login-signed-in');
  const failure = byId<HTMLElement>(root, 'login-error');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const inputs = { username: byId<HTMLInputElement>(root, 'login-username'), password: byId<HTMLInputElement>(root, 'login-password') };

  const asked = new URL(root.URL).searchParams;
  const reason = asked.get('reason');
  const next = returnPath(asked.get('next'));
  if (reason && Object.hasOwn(SIGN_IN_REASONS, reason))
    byId<HTMLElement>(root, 'login-reason').textContent = SIGN_IN_REASONS[reason as keyof typeof SIGN_IN_REASONS];

  const session = getSession();
  if (session && isSessionValid()) {
    byId<HTMLAnchorElement>(root, 'login-console-link').href = next ?? landingPathFor(session.role);
    signedIn.hidden = false;
    form.hidden = true;
    return;
  }

  let submitted = false;
  let busy = false;
  const values = () => ({ username: inputs.username.value, password: inputs.password.value });
  const check = () => {
    const result = loginRequestSchema.safeParse(values());
    const errors = result.success ? {} : firstIssues(result.error.issues);
    for (const field of FIELDS) showFieldError(inputs[field], byId(root, `login-${field}-error`), errors[field]);
    return { data: result.success ? result.data : undefined, errors };
  };
  for (const field of FIELDS) inputs[field].addEventListener('input', () => submitted && check());

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    submitted = true;
    const { data, errors } = check();
    if (!data) {
      inputs[FIELDS.find((field) => errors[field]) ?? 'username'].focus();
      return;
    }
    busy = true;
    failure.textContent = '';
    if (button) button.disabled = true;
    void (async () => {
      const answer = await callJson(ownRoutes.login.path, { method: 'POST', body: data });
      const reply = answer.ok ? loginResponseSchema.safeParse(answer.body) : undefined;
      if (reply?.success) {
        startSession(reply.data);
        navigate(next ?? landingPathFor(reply.data.user_role));
        return;
      }
      markLoginFailed();
      failure.textContent = answer.ok ? LOGIN_FAILED_MESSAGE : serverMessage(answer, LOGIN_FAILED_MESSAGE);
      busy = false;
      if (button) button.disabled = false;
    })();
  });
}
