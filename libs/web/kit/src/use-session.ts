import { useSyncExternalStore } from 'react';
import type { StaffRole } from '@freight/contracts';
import { getClientSession, getSession, subscribeSession, type ClientSession, type Session } from '@freight/web-session';

/** The current session, re-rendering on login, logout and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** The client's session on the portal (a consignee or a shipper), re-rendering like useSession. */
export function useClientSession(): ClientSession | null {
  return useSyncExternalStore(subscribeSession, getClientSession, () => null);
}

/** The signed-in role, or null. */
export function useRole(): StaffRole | null {
  return useSession()?.role ?? null;
}
