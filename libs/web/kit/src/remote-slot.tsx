import { Component, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { WithServices, loadServices } from './providers.js';
import { loadRemoteModule } from './remote-registry.js';

/** What a slot says when its remote cannot be loaded; `place` names the host (the console, the portal). */
export const remoteFailedMessage = (place = 'console') => `This part of the ${place} could not be loaded. Try again later.`;
export const REMOTE_FAILED_MESSAGE = remoteFailedMessage();

/**
 * A remote refused by the federation runtime because it was built for another version of a shared
 * singleton than the page has (ADR 18: every singleton is `strictVersion`): which library, the
 * range the remote needs, the version the page has, and the remote.
 */
export interface VersionRefusal {
  library: string;
  needs: string;
  has: string;
  remote: string;
}

// The runtime's words: "Version 19.3.0 from console of shared singleton module react does not satisfy
// the requirement of clientPortal which needs ^20.0.0)".
const REFUSAL = /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of (\S+) which needs ([^)\s]+)/;

/** The version refusal behind `error` (or one of its causes), if that is why a remote failed. */
export function versionRefusal(error: unknown): VersionRefusal | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const match = REFUSAL.exec(e instanceof Error ? e.message : String(e));
    if (match) return { has: match[1]!, library: match[2]!, remote: match[3]!, needs: match[4]! };
  }
  return undefined;
}

/** What a slot says of a refused remote: readable by a user, precise enough for an operator. */
export const versionRefusedMessage = ({ library, needs, has }: VersionRefusal, place = 'console') =>
  `This part of the ${place} was built for ${library} ${needs}, but this page has ${library} ${has}: it was refused and not loaded. ` +
  `It needs a build made for ${library} ${has}.`;

function RemoteFailed({ place, refusal, onRetry }: { place?: string; refusal?: VersionRefusal; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title="Not available">
      <Stack gap="sm" align="flex-start">
        <Text>{refusal ? versionRefusedMessage(refusal, place) : remoteFailedMessage(place)}</Text>
        {refusal && (
          <Text size="sm" c="dimmed">
            Remote {refusal.remote}: shared library {refusal.library} {refusal.needs} refused, the page has {refusal.has}.
          </Text>
        )}
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
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean; refusal?: VersionRefusal }> {
  override state: { failed: boolean; refusal?: VersionRefusal } = { failed: false };

  static getDerivedStateFromError(error: unknown): { failed: boolean; refusal?: VersionRefusal } {
    return { failed: true, refusal: versionRefusal(error) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Remote failed while rendering', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RemoteFailed
          place={this.props.place}
          refusal={this.state.refusal}
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

type Loaded = { status: 'loading' } | { status: 'failed'; refusal?: VersionRefusal } | { status: 'ready'; Component: ComponentType };

/**
 * A place in a host (the console, the portal: `place` names it in the failure message) filled by a
 * remote's exposed module (its default export is a component), inside the query client and dialogs
 * its screens use (loaded with it). If the remote cannot be loaded the slot says so, offers a retry,
 * and the rest of the page keeps working; a remote refused for the version of a shared library it
 * was built for says which, and which version the page has.
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
        if (active) setState({ status: 'failed', refusal: versionRefusal(error) });
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
  if (state.status === 'failed') return <RemoteFailed place={place} refusal={state.refusal} onRetry={retry} />;
  return (
    <WithServices>
      <RemoteBoundary place={place} onRetry={retry}>
        <state.Component />
      </RemoteBoundary>
    </WithServices>
  );
}
