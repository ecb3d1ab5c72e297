import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';

const loadRemoteModule = jest.fn<(remote: string, exposed: string, retry?: boolean) => Promise<unknown>>();
jest.unstable_mockModule('./remote-registry.js', () => ({ loadRemoteModule }));
const { RemoteSlot, REMOTE_FAILED_MESSAGE, remoteFailedMessage, versionRefusal } = await import('./remote-slot.js');

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

  // The federation runtime's own error for a strict singleton the page cannot satisfy (ADR 18).
  const refused = new Error(
    '[ Federation Runtime ]: Version 19.3.0 from console of shared singleton module react does not satisfy the requirement of clientPortal which needs ^20.0.0)',
  );

  it('says in words why a remote built for another version of a shared library was refused, and the rest of the page stays', async () => {
    loadRemoteModule.mockRejectedValueOnce(refused);
    render(
      <MantineProvider>
        <p>sidebar</p>
        <RemoteSlot remote="clientPortal" module="./routes" place="portal" />
      </MantineProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This part of the portal was built for react ^20.0.0, but this page has react 19.3.0: it was refused and not loaded. It needs a build made for react 19.3.0.',
    );
    expect(alert.textContent).toContain('Remote clientPortal: shared library react ^20.0.0 refused, the page has 19.3.0.');
    expect(screen.getByText('sidebar')).toBeTruthy();
  });

  it('finds the refusal behind a wrapping error, and nothing in any other failure', () => {
    expect(versionRefusal(new Error('Loading chunk 12 failed', { cause: refused }))).toEqual({
      library: 'react',
      needs: '^20.0.0',
      has: '19.3.0',
      remote: 'clientPortal',
    });
    expect(versionRefusal(new Error('remoteEntry.js 503'))).toBeUndefined();
    expect(versionRefusal(undefined)).toBeUndefined();
  });

  it('says so too when the refusal comes while rendering', async () => {
    loadRemoteModule.mockResolvedValue({
      default: () => {
        throw refused;
      },
    });
    renderSlot();
    expect((await screen.findByRole('alert')).textContent).toContain('This part of the console was built for react ^20.0.0, but this page has react 19.3.0');
  });
});
