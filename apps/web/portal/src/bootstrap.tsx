import './csp.js';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { KitProviders, afterLogout, initSession, loadRegistry, onLogout, setSessionKind, setSessionNavigator } from '@freight/web-kit';
import { createRouter } from './router.js';

// This page keeps a client's session (the portal is its own origin: no staff session here). First,
// before anything reads the session: the API client then sends the client token.
setSessionKind('client');

// Start fetching the portal's own remote registry now (/remotes.json); the remote's slot awaits it.
loadRegistry().catch((error: unknown) => console.error('Remote registry unavailable', error));

const router = createRouter();

setSessionNavigator((path) => void router.navigate(path, { replace: true }));
onLogout(afterLogout); // nothing of one client's data survives into the next session
initSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KitProviders>
      <RouterProvider router={router} />
    </KitProviders>
  </StrictMode>,
);
