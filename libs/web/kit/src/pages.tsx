import { Suspense, lazy, useId, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { landingPathFor } from '@freight/contracts';
import { useSession } from './use-session.js';

interface MessagePageProps {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  /** 1 on a page of its own (no shell around it to carry the page's heading), else 2. */
  level?: 1 | 2;
}

/** A screen that only tells something. A region, not <main>: it is shown inside the shell's main (or a page's own). */
function MessagePage({ title, children, action, level = 2 }: MessagePageProps) {
  const titleId = useId();
  return (
    <Stack component="section" align="center" gap="md" py="xl" aria-labelledby={titleId}>
      <Title order={level} size="h2" id={titleId} ta="center">
        {title}
      </Title>
      <Text c="dimmed" ta="center" maw={520}>
        {children}
      </Text>
      {action}
    </Stack>
  );
}

/** Friendly 404 for unknown routes. */
export function NotFoundPage({ homePath = '/', level }: { homePath?: string; level?: 1 | 2 }) {
  return (
    <MessagePage
      level={level}
      title="Page not found"
      action={
        <Button component={Link} to={homePath} variant="light">
          Go to the start page
        </Button>
      }
    >
      The page you asked for does not exist. Check the address or go back to the start page.
    </MessagePage>
  );
}

export interface WayBack {
  /** Where the way back leads; default: the signed-in role's landing page. */
  backTo?: string;
  backLabel?: string;
}

/** Shown to a signed-in user whose role may not open this screen (the gateway refuses the calls anyway), with a way back. */
export function NoPermissionPage({ backTo, backLabel = 'Go to your start page' }: WayBack) {
  const session = useSession();
  const to = backTo ?? (session ? landingPathFor(session.role) : '/');
  return (
    <MessagePage
      title="You do not have permission"
      action={
        <Button component={Link} to={to} variant="light">
          {backLabel}
        </Button>
      }
    >
      Your role cannot open this page. Ask a Head user if you need access.
    </MessagePage>
  );
}

export const NOT_AVAILABLE_TEXT = 'Not available yet';

/** A screen of the specification that later work builds: never a blank page, a dead link or "Page not found". */
export function NotAvailablePage({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <MessagePage title={title} action={action}>
      {NOT_AVAILABLE_TEXT}: this part of the console comes with a later release.
    </MessagePage>
  );
}

/** An inline error (load failures of edit screens and lists). */
export function ErrorNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" role="alert" variant="light">
      {children}
    </Alert>
  );
}

/** Shown while a screen or its data loads: a spinner that says so to a screen reader too. */
export function LoadingNotice() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading..." />
    </Center>
  );
}

/**
 * A screen whose code loads when it is first shown (its own chunk), under a Suspense
 * boundary with the LoadingNotice. A chunk that fails to load throws to the nearest error
 * boundary (the host's remote slot, which offers a retry); the next render loads it again
 * instead of repeating the failure, as React.lazy alone would.
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          Lazy = make();
          throw error;
        },
      ),
    );
  let Lazy = make();
  return function LazyScreen() {
    return (
      <Suspense fallback={<LoadingNotice />}>
        <Lazy />
      </Suspense>
    );
  };
}
