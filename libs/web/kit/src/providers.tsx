import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.js';

type Services = typeof import('./services.js');

let loading: Promise<Services> | undefined;
let loaded: Services | undefined;
const listeners = new Set<() => void>();

/**
 * The query client, the dialogs and the toasts, in a chunk of their own loaded the first time
 * one is needed (a remote screen, a toast): the sign-in page and the dashboard use none of them,
 * and they would be a tenth of the JavaScript sent before the dashboard is interactive (ADR 18).
 */
export function loadServices(): Promise<Services> {
  loading ??= import('./services.js').then(
    (services) => {
      loaded = services;
      for (const listener of listeners) listener();
      return services;
    },
    (error: unknown) => {
      loading = undefined; // the next call tries again
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const useLoadedServices = () => useSyncExternalStore(subscribe, () => loaded);

/**
 * Its children inside the query client and the dialogs' provider (what the kit's list and
 * form pages use), loaded first: until then `fallback` shows.
 */
export function WithServices({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const services = useLoadedServices();
  useEffect(() => {
    if (!services) loadServices().catch((error: unknown) => console.error('Could not load the query client, dialogs and toasts', error));
  }, [services]);
  return services ? <services.ServiceProviders>{children}</services.ServiceProviders> : fallback;
}

/** Forgets every server answer cached so far (at logout); nothing to do when none was loaded. */
export function clearServerData(): void {
  loaded?.queryClient.clear();
}

/** The toasts' container, mounted once the services are loaded (a toast loads them). */
function DeferredToasts() {
  const services = useLoadedServices();
  return services ? <services.Toasts /> : null;
}

/**
 * Everything a screen of the console relies on: the theme, and the toasts once one is raised.
 * The query client and the dialogs wrap what needs them (`WithServices`).
 */
export function KitProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DeferredToasts />
      {children}
    </MantineProvider>
  );
}
