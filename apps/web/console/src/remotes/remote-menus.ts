import { useCallback, useEffect, useState } from 'react';
import type { LoadedMenu } from '../pages/administrative-tools.js';
import { REGISTRY_URL, loadRegistry, loadRemoteModule } from '@freight/web-kit';

/** Every remote listed in /remotes.json exposes this module; its default export is a `RemoteMenu` (contracts). */
export const MENU_MODULE = './menu';

/** A remote whose menu has not come after this long counts as failed (its tiles stay "Not available yet"). */
export const MENU_TIMEOUT_MS = 8_000;

/** Menus loaded so far, by remote: loaded once per visit of the console, like the remote's screens. */
const menus = new Map<string, unknown>();
/** Remotes whose menu failed: the next attempt fetches their files again. */
const failed = new Set<string>();
let inFlight: Promise<LoadedMenu[]> | undefined;
let last: LoadedMenu[] | undefined;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function loadMenu(remote: string): Promise<LoadedMenu> {
  if (menus.has(remote)) return { remote, menu: menus.get(remote) };
  try {
    const module = await withTimeout(
      loadRemoteModule<{ default?: unknown }>(remote, MENU_MODULE, failed.has(remote)),
      MENU_TIMEOUT_MS,
      `${remote}/${MENU_MODULE}`,
    );
    menus.set(remote, module.default);
    failed.delete(remote);
    return { remote, menu: module.default };
  } catch (error) {
    console.error(`Could not load ${remote}/${MENU_MODULE}`, error);
    failed.add(remote);
    return { remote, failed: true };
  }
}

async function loadAll(): Promise<LoadedMenu[]> {
  let remotes: string[];
  try {
    remotes = Object.keys(await loadRegistry());
  } catch (error) {
    console.error(`Could not load ${REGISTRY_URL}`, error);
    return [{ remote: REGISTRY_URL, failed: true }];
  }
  return Promise.all(remotes.map(loadMenu));
}

/**
 * The menu of every remote in /remotes.json, in its order, each loaded or failed (never
 * rejects). Menus already loaded are kept; failed ones are tried again, their files fetched anew.
 */
export function loadMenus(): Promise<LoadedMenu[]> {
  inFlight ??= loadAll().then((result) => {
    inFlight = undefined;
    last = result;
    return result;
  });
  return inFlight;
}

/** The last result if every remote's menu had loaded: a page shown again needs no loading state. */
export function loadedMenus(): LoadedMenu[] | undefined {
  return last?.every((entry) => !('failed' in entry)) ? last : undefined;
}

/** Forget every menu (tests). */
export function forgetMenus(): void {
  menus.clear();
  failed.clear();
  inFlight = undefined;
  last = undefined;
}

/**
 * The remotes' menus for a page: undefined while loading; `retry` loads the failed ones
 * again (the page keeps showing what it has meanwhile, `retrying` true).
 */
export function useRemoteMenus(): { menus: LoadedMenu[] | undefined; retrying: boolean; retry: () => void } {
  const [state, setState] = useState<LoadedMenu[] | undefined>(loadedMenus);
  const [attempt, setAttempt] = useState(state ? -1 : 0);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (attempt < 0) return;
    let active = true;
    void loadMenus().then((result) => {
      if (!active) return;
      setState(result);
      setRetrying(false);
    });
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setRetrying(true);
    setAttempt((n) => Math.max(n, 0) + 1);
  }, []);

  return { menus: state, retrying, retry };
}
