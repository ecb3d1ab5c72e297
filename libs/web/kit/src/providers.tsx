import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Height of the console's header; toasts appear below it so they never cover the user's name or Log Out. */
export const HEADER_HEIGHT = 60;

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 gives white button labels 5.7:1 contrast (the default shade 6: 4.3:1, below WCAG AA).
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
});

/**
 * Text readable by WCAG AA (4.5:1) in every state. Mantine's defaults fall short: hints
 * ("dimmed", gray 6) and errors (red 6) reach 3.2:1 on white, and a hovered light button
 * or active menu entry (shade 9 on shade 2) 3.8:1 in red, 4.1:1 in indigo. Light
 * backgrounds move one shade lighter (shade 9 on shade 0, and on shade 1 when hovered).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  for (const color of Object.keys(t.colors)) {
    light[`--mantine-color-${color}-light`] = `var(--mantine-color-${color}-0)`;
    light[`--mantine-color-${color}-light-hover`] = `var(--mantine-color-${color}-1)`;
  }
  return { variables: {}, light, dark: {} };
};

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
