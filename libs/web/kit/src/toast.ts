import type { NotificationData } from '@mantine/notifications';
import { loadServices } from './providers.js';

/**
 * Non-blocking messages (requirements decisions §1: never alert()). The id is derived from the
 * text so the same message raised twice at once (e.g. several calls refused with
 * 401) shows once.
 */
function toast(kind: string, color: string, autoClose: number, message: string): void {
  const data: NotificationData = { id: `${kind}:${message}`, message, color, autoClose, closeButtonProps: { 'aria-label': 'Dismiss' } };
  loadServices().then(
    ({ notifications }) => notifications.show(data),
    (error: unknown) => console.error(`Could not show the message "${message}"`, error),
  );
}

export const toastSuccess = (message: string): void => toast('success', 'green', 4000, message);
export const toastError = (message: string): void => toast('error', 'red', 7000, message);
export const toastInfo = (message: string): void => toast('info', 'blue', 5000, message);
