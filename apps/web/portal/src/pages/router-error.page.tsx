import { useRouteError } from 'react-router-dom';
import { Button } from '@mantine/core';
import { UnexpectedErrorPage } from '@freight/web-kit';

/** The router's error element: what went wrong, and the way back to the sign-in. */
export function RouterErrorPage() {
  return (
    <UnexpectedErrorPage error={useRouteError()}>
      <Button component="a" href="/clientlogin" variant="light">
        Go to the sign-in
      </Button>
    </UnexpectedErrorPage>
  );
}
