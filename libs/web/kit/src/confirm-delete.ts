import { modals } from '@mantine/modals';

/**
 * Ask before deleting. Resolves true when the user confirms, false on cancel or
 * when the dialog is closed.
 */
export function confirmDelete(message: string, title = 'Confirm deletion'): Promise<boolean> {
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
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
