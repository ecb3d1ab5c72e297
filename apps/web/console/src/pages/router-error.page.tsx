import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Button, Code, Container, Stack, Title } from '@mantine/core';
import { NotFoundPage } from '@freight/web-kit';

/** The router's error element (spec 01 §2: 'Unexpected Application Error!'). */
export function RouterErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container component="main">
        <NotFoundPage />
      </Container>
    );
  }
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <Stack component="main" align="center" py="xl" role="alert">
      <Title order={1} size="h2">
        Unexpected Application Error!
      </Title>
      {detail && <Code>{detail}</Code>}
      <Button component={Link} to="/" variant="light">
        Go to the start page
      </Button>
    </Stack>
  );
}
