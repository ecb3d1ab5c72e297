import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { toastError, toastSuccess } from './toast.js';

describe('toasts', () => {
  it('show the message with a named close button, once however often raised', async () => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      toastSuccess('Branch added successfully!');
      toastError('Unauthorized: Please log in again.');
      toastError('Unauthorized: Please log in again.');
    });
    expect(await screen.findByText('Branch added successfully!')).toBeTruthy();
    expect(screen.getAllByText('Unauthorized: Please log in again.')).toHaveLength(1);
    const dismiss = screen.getAllByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveLength(2);
    fireEvent.click(dismiss[0]!);
    await waitFor(() => expect(screen.queryByText('Branch added successfully!')).toBeNull());
  });
});
