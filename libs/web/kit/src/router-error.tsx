import type { ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router-dom';
import { Code, Stack, Title } from '@mantine/core';

/** A router's error element (requirements 01 §2: 'Unexpected Application Error!'): what went wrong, then the app's way back (`children`). */
export function UnexpectedErrorPage({ error, children }: { error: unknown; children: ReactNode }) {
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <Stack component="main" align="center" py="xl" role="alert">
      <Title order={1} size="h2">
        Unexpected Application Error!
      </Title>
      {detail && <Code>{detail}</Code>}
      {children}
    </Stack>
  );
}
