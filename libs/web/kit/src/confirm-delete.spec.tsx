import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Messages } from '@freight/contracts';
import { ApiError, apiRequest } from './api-client.js';
import { confirmAndDelete, deleteErrorText } from './confirm-delete.js';

const texts = { notFound: 'Thing not found', failed: 'Failed to delete thing.' };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('deleteErrorText (requirements 01 §8)', () => {
  it('shows the catalogue texts for 401, 403 and 404, otherwise what the server said', () => {
    expect(deleteErrorText(new ApiError('x', 401, 'X'), texts)).toBe(Messages.unauthorized);
    expect(deleteErrorText(new ApiError('x', 403, 'X'), texts)).toBe(Messages.forbidden);
    expect(deleteErrorText(new ApiError('x', 404, 'X'), texts)).toBe('Thing not found');
    expect(deleteErrorText(new ApiError('Still in use', 409, 'CONFLICT'), texts)).toBe('Still in use');
  });

  it("falls back to the screen's texts when the server gave no message or was not reached", () => {
    const noMessage = (status: number) => new ApiError(`HTTP error! Status: ${status}`, status, `HTTP_${status}`, undefined, false);
    expect(deleteErrorText(noMessage(500), texts)).toBe('Failed to delete thing.');
    expect(deleteErrorText(noMessage(502), { ...texts, status: (code) => `HTTP error! Status: ${code}` })).toBe('HTTP error! Status: 502');
    expect(deleteErrorText(new ApiError('offline', 0, 'NETWORK'), { ...texts, status: (code) => `Status ${code}` })).toBe('Failed to delete thing.');
    expect(deleteErrorText(new Error('boom'), texts)).toBe('Failed to delete thing.');
  });
});

describe('confirmAndDelete', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  const onDeleted = jest.fn<() => Promise<void>>();

  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    onDeleted.mockReset().mockResolvedValue(undefined);
    render(
      <MantineProvider>
        <ModalsProvider>
          <Notifications />
        </ModalsProvider>
      </MantineProvider>,
    );
  });

  const start = () => {
    let done!: Promise<void>;
    act(() => {
      done = confirmAndDelete({
        question: 'Delete the thing?',
        remove: () => apiRequest<{ message: string }>('/api/things/1', { method: 'DELETE' }).then((r) => r.data),
        failureTexts: texts,
        onDeleted,
      });
    });
    return done;
  };

  it('deletes after the user confirms, shows the server message and reloads', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Thing deleted' }));
    const done = start();
    expect(await screen.findByText('Delete the thing?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(() => done);
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('DELETE');
    expect(await screen.findByText('Thing deleted')).toBeTruthy();
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('names the close button of the dialog, and closing it deletes nothing', async () => {
    const done = start();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await act(() => done);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing when the user cancels', async () => {
    const done = start();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await act(() => done);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('shows a refused delete as a toast and does not reload', async () => {
    fetchMock.mockResolvedValue(json({ code: 'NOT_FOUND', message: 'gone' }, 404));
    const done = start();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await act(() => done);
    expect(await screen.findByText('Thing not found')).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
