import { useSyncExternalStore } from 'react';
import { can, type Action, type Area, type StaffRole } from '@freight/contracts';
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

/** Does this role appear in the list? (null = nobody signed in = no.) */
export function hasRole(role: StaffRole | null, roles: readonly StaffRole[]): boolean {
  return role !== null && roles.includes(role);
}

/** May the signed-in user do this (contracts' permission matrix)? Hides what the gateway would refuse. */
export function useCan(area: Area, action: Action): boolean {
  const role = useRole();
  return role !== null && can(role, area, action);
}
