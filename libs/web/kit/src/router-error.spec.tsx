import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { UnexpectedErrorPage } from './router-error.js';

const renderPage = (error: unknown) =>
  render(
    <MantineProvider>
      <UnexpectedErrorPage error={error}>
        <a href="/clientlogin">Go to the sign-in</a>
      </UnexpectedErrorPage>
    </MantineProvider>,
  );

describe('UnexpectedErrorPage', () => {
  it("says what went wrong and offers the app's way back", () => {
    renderPage(new Error('Boom'));
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(alert.textContent).toContain('Boom');
    expect(screen.getByRole('link', { name: 'Go to the sign-in' }).getAttribute('href')).toBe('/clientlogin');
  });

  it("shows a route's refusal by status and text, and no detail for what is not an error", () => {
    const { unmount } = renderPage({ status: 503, statusText: 'Service Unavailable', internal: false, data: null });
    expect(screen.getByRole('alert').textContent).toContain('503 Service Unavailable');
    unmount();
    renderPage('thrown text');
    expect(screen.queryByRole('alert')?.querySelector('code')).toBeNull();
  });
});
