import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';

interface MessagePageProps {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

function MessagePage({ title, children, action }: MessagePageProps) {
  return (
    <Stack align="center" gap="md" py="xl" role="main" aria-labelledby="message-page-title">
      <Title order={2} id="message-page-title">
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
export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  return (
    <MessagePage
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

/** Shown to a signed-in user whose role may not open this screen (the gateway refuses the calls anyway). */
export function NoPermissionPage() {
  return (
    <MessagePage title="You do not have permission">
      Your role cannot open this page. Ask a Head user if you need access.
    </MessagePage>
  );
}

/** A screen that belongs to later work: never a blank page or a dead link. */
export function NotAvailablePage({ title }: { title: string }) {
  return (
    <MessagePage title={title}>This part of the console is not available yet.</MessagePage>
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
