import { render, screen, waitFor } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { KitProviders, WithServices, clearServerData } from './providers.js';
import { toastInfo } from './toast.js';

function CachedValue() {
  const client = useQueryClient();
  client.setQueryData(['probe'], 'cached');
  return <p>query client ready</p>;
}

describe('KitProviders and the services loaded when first needed', () => {
  it('mounts the toasts with the first toast', async () => {
    render(
      <KitProviders>
        <p>dashboard</p>
      </KitProviders>,
    );
    expect(screen.queryByText('Your session has ended.')).toBeNull();
    toastInfo('Your session has ended.');
    expect(await screen.findByText('Your session has ended.')).toBeTruthy();
  });

  it('gives what WithServices wraps the one query client, which logout clears', async () => {
    let client: ReturnType<typeof useQueryClient> | undefined;
    function Keep() {
      client = useQueryClient();
      return null;
    }
    render(
      <KitProviders>
        <WithServices fallback={<p>loading</p>}>
          <CachedValue />
          <Keep />
        </WithServices>
      </KitProviders>,
    );
    expect(await screen.findByText('query client ready')).toBeTruthy();
    expect(client?.getQueryData(['probe'])).toBe('cached');
    clearServerData();
    await waitFor(() => expect(client?.getQueryData(['probe'])).toBeUndefined());
  });
});
