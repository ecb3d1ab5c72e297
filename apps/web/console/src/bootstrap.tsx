import './csp.js';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { KitProviders, afterLogout, initSession, loadRegistry, onLogout, setSessionNavigator } from '@freight/web-kit';
import { createRouter } from './router.js';
import { sessionNavigator } from './start-page.js';

// Start fetching the remote registry now; the first remote slot awaits it.
loadRegistry().catch((error: unknown) => console.error('Remote registry unavailable', error));

const router = createRouter();

// The start page (`/`, after a logout) is the microsite's: a page load; other paths stay in the console.
setSessionNavigator(sessionNavigator((path) => void router.navigate(path, { replace: true })));
onLogout(afterLogout); // nothing of one user's data survives into the next session
initSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KitProviders>
      <RouterProvider router={router} />
    </KitProviders>
  </StrictMode>,
);
