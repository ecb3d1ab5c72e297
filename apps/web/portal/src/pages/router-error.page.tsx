import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button, Code, Stack, Title } from '@mantine/core';

/** The router's error element: what went wrong, and the way back to the sign-in. */
export function RouterErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <Stack component="main" align="center" py="xl" role="alert">
      <Title order={1} size="h2">
        Unexpected Application Error!
      </Title>
      {detail && <Code>{detail}</Code>}
      <Button component="a" href="/clientlogin" variant="light">
        Go to the sign-in
      </Button>
    </Stack>
  );
}
