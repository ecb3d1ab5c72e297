// Loaded on demand through loadServices() (providers.tsx), never imported directly: what only
// remote screens and toasts need stays out of the first load.
import type { ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { HEADER_HEIGHT } from './theme.js';
import { createQueryClient } from './query-client.js';

export { notifications };

/** The one query client of the page (remotes reach it through the react-query singleton). */
export const queryClient = createQueryClient();

export function ServiceProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>{children}</ModalsProvider>
    </QueryClientProvider>
  );
}

/** Below the header (a top margin moves only the top-placed containers). */
export function Toasts() {
  return <Notifications position="top-right" styles={{ root: { marginTop: HEADER_HEIGHT } }} />;
}
