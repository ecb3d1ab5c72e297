import { createRoot } from 'react-dom/client';

// Skeleton (issue 11 fills it in): the portal host composes the client-portal remote.
createRoot(document.getElementById('root')!).render(<main>Members Area</main>);
