import { Component, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { WithServices, loadServices } from './providers.js';
import { loadRemoteModule } from './remote-registry.js';

/** What a slot says when its remote cannot be loaded; `place` names the host (the console, the portal). */
export const remoteFailedMessage = (place = 'console') => `This part of the ${place} could not be loaded. Try again later.`;
export const REMOTE_FAILED_MESSAGE = remoteFailedMessage();

function RemoteFailed({ place, onRetry }: { place?: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title="Not available">
      <Stack gap="sm" align="flex-start">
        <Text>{remoteFailedMessage(place)}</Text>
        <Button variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

interface BoundaryProps {
  place?: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that loads but throws while rendering: only its slot fails. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Remote failed while rendering', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RemoteFailed
          place={this.props.place}
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; Component: ComponentType };

/**
 * A place in a host (the console, the portal: `place` names it in the failure message) filled by a remote's exposed module (its default export
 * is a component), inside the query client and dialogs its screens use (loaded with
 * it). If the remote cannot be loaded the slot says so, offers a retry, and the
 * rest of the console keeps working.
 */
export function RemoteSlot({ remote, module, place }: { remote: string; module: string; place?: string }) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    Promise.all([loadRemoteModule<{ default: ComponentType }>(remote, module, attempt > 0), loadServices()]).then(
      ([loaded]) => active && setState({ status: 'ready', Component: loaded.default }),
      (error: unknown) => {
        console.error(`Could not load ${remote}/${module}`, error);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [remote, module, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label="Loading..." />
      </Center>
    );
  }
  if (state.status === 'failed') return <RemoteFailed place={place} onRetry={retry} />;
  return (
    <WithServices>
      <RemoteBoundary place={place} onRetry={retry}>
        <state.Component />
      </RemoteBoundary>
    </WithServices>
  );
}
