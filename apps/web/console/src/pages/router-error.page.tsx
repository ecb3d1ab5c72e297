import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Button, Container } from '@mantine/core';
import { NotFoundPage, UnexpectedErrorPage } from '@freight/web-kit';

/** The router's error element (requirements 01 §2: 'Unexpected Application Error!'). */
export function RouterErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container component="main">
        <NotFoundPage />
      </Container>
    );
  }
  return (
    <UnexpectedErrorPage error={error}>
      <Button component={Link} to="/" variant="light">
        Go to the start page
      </Button>
    </UnexpectedErrorPage>
  );
}
