import { notifications } from '@mantine/notifications';

/**
 * Non-blocking messages (DECISIONS §1: never alert()). The id is derived from the
 * text so the same message raised twice at once (e.g. several calls refused with
 * 401) shows once.
 */
export function toastSuccess(message: string): void {
  notifications.show({ id: `success:${message}`, message, color: 'green', autoClose: 4000 });
}

export function toastError(message: string): void {
  notifications.show({ id: `error:${message}`, message, color: 'red', autoClose: 7000 });
}

export function toastInfo(message: string): void {
  notifications.show({ id: `info:${message}`, message, color: 'blue', autoClose: 5000 });
}
