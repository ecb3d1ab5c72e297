import { modals } from '@mantine/modals';
import { Messages } from '@freight/contracts';
import { isApiError } from './api-client.js';
import { toastError, toastSuccess } from './toast.js';

/** A question before a change that cannot be taken back: its title, text and the confirming button's label. */
export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * Ask before deleting or replacing something. Resolves true when the user confirms, false on
 * cancel or when the dialog is closed.
 */
export function confirmAction({ title, message, confirmLabel }: Confirmation): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (!settled) {
        settled = true;
        resolve(value);
      }
    };
    modals.openConfirmModal({
      title,
      children: message,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      closeButtonProps: { 'aria-label': 'Close' },
      // Mid-screen, clear of the toasts at the top (on a phone a top dialog sits under them).
      centered: true,
      confirmProps: { color: 'red' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

/** The texts of a failed delete that depend on what is deleted. */
export interface DeleteFailureTexts {
  /** The catalogue's 404 text, e.g. Messages.userNotFound. */
  notFound: string;
  /** Any other failure without a message from the server, e.g. 'Failed to delete branch. Please try again.' */
  failed: string;
  /** The catalogue's text for another status the server gave no message for (user delete: 'HTTP error! Status: {code}'). */
  status?: (code: number) => string;
}

/** What a failed delete shows (requirements 01 §8): catalogue texts for 401/403/404, the server's message, else the fallback. */
export function deleteErrorText(error: unknown, texts: DeleteFailureTexts): string {
  if (!isApiError(error)) return texts.failed;
  switch (error.status) {
    case 401:
      return Messages.unauthorized;
    case 403:
      return Messages.forbidden;
    case 404:
      return texts.notFound;
  }
  if (error.fromServer && error.message) return error.message;
  return error.answered && texts.status ? texts.status(error.status) : texts.failed;
}

export interface ConfirmAndDelete {
  /** The question of the confirmation dialog. */
  question: string;
  /** The DELETE call, e.g. `() => callApi(api.usersDelete, { params: { username } })`; the server's reply says what was deleted. */
  remove: () => Promise<{ message: string }>;
  failureTexts: DeleteFailureTexts;
  /** After a successful delete, e.g. reload the list. */
  onDeleted: () => Promise<void>;
}

/** A list's Delete action: confirm, delete, toast the server's message and reload; a failure is a toast and the row stays. */
export async function confirmAndDelete({ question, remove, failureTexts, onDeleted }: ConfirmAndDelete): Promise<void> {
  if (!(await confirmAction({ title: 'Confirm deletion', message: question, confirmLabel: 'Delete' }))) return;
  try {
    const reply = await remove();
    toastSuccess(reply.message);
    await onDeleted();
  } catch (error) {
    toastError(deleteErrorText(error, failureTexts));
  }
}
