import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';

const loadRemoteModule = jest.fn<(remote: string, exposed: string, retry?: boolean) => Promise<unknown>>();
jest.unstable_mockModule('./remote-registry.js', () => ({ loadRemoteModule }));
const { RemoteSlot, REMOTE_FAILED_MESSAGE, remoteFailedMessage } = await import('./remote-slot.js');

const renderSlot = () =>
  render(
    <MantineProvider>
      <p>sidebar</p>
      <RemoteSlot remote="masterData" module="./routes" />
    </MantineProvider>,
  );

describe('RemoteSlot', () => {
  beforeEach(() => {
    loadRemoteModule.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows a clear message in its place when the remote cannot be loaded, and retries on demand', async () => {
    loadRemoteModule.mockRejectedValueOnce(new Error('remoteEntry.js 503'));
    loadRemoteModule.mockResolvedValueOnce({ default: () => <p>remote screen</p> });
    renderSlot();
    expect(await screen.findByText(REMOTE_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('sidebar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('remote screen')).toBeTruthy();
    expect(loadRemoteModule.mock.calls).toEqual([
      ['masterData', './routes', false],
      ['masterData', './routes', true],
    ]);
  });

  it('contains a remote that throws while rendering', async () => {
    loadRemoteModule.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    renderSlot();
    expect(await screen.findByText(REMOTE_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('sidebar')).toBeTruthy();
  });

  it('names its host in the message (the portal)', async () => {
    loadRemoteModule.mockRejectedValueOnce(new Error('remoteEntry.js 503'));
    render(
      <MantineProvider>
        <RemoteSlot remote="clientPortal" module="./routes" place="portal" />
      </MantineProvider>,
    );
    expect(await screen.findByText('This part of the portal could not be loaded. Try again later.')).toBeTruthy();
    expect(remoteFailedMessage()).toBe(REMOTE_FAILED_MESSAGE);
  });
});
