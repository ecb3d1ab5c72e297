import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { can, type Action, type Area, type StaffRole } from '@freight/contracts';
import { RequirePermission, lazyScreen, type WayBack } from '@freight/web-kit';

export const TOOLS = '/admindashboard/administrativetools';
const BACK: WayBack = { backTo: TOOLS, backLabel: 'Back to Administrative Tools' };

/** A screen for the roles `allowed` lets in; the others get the no-permission page with a way back. */
export const guarded = (allowed: (role: StaffRole) => boolean, element: ReactNode) => (
  <RequirePermission allowed={allowed} {...BACK}>
    {element}
  </RequirePermission>
);

/** What an entity's `<name>.screens.tsx` exports (npm run new:resource writes it). */
export interface ResourceScreens {
  list: ComponentType;
  add: ComponentType;
  edit: ComponentType;
  /** A read-only screen of one record, where the entity has one. */
  view?: ComponentType;
}

export interface ResourceRouteOptions {
  /** The permission area: add and edit are for the roles that may write in it. */
  area: Area;
  /** The list's route, e.g. 'manageforwarder'. */
  list: string;
  add: string;
  /** With the natural key as its parameter: 'editforwarder/:Forwarder'. */
  edit: string;
  /** With the key as its parameter: 'viewconsignee/:consignee_id' (for those who may read). */
  view?: string;
  /** The list is for the roles that may do this in the area (as the tile's `visibleTo`). */
  listNeeds: Action;
}

/**
 * The list, add and edit routes of an entity whose screens are made on the kit's pages (one
 * line in routes.tsx per entity, written by npm run new:resource). Its screens' code loads when
 * one of them is first shown.
 */
export function resourceRoutes(load: () => Promise<{ screens: ResourceScreens }>, { area, list, add, edit, view, listNeeds }: ResourceRouteOptions): RouteObject[] {
  const screen = (which: keyof ResourceScreens) => lazyScreen(() => load().then((module) => module.screens[which]!));
  const [List, Add, Edit, View] = [screen('list'), screen('add'), screen('edit'), screen('view')];
  const writes = (role: StaffRole) => can(role, area, 'write');
  return [
    { path: list, element: guarded((role) => can(role, area, listNeeds), <List />) },
    { path: add, element: guarded(writes, <Add />) },
    { path: edit, element: guarded(writes, <Edit />) },
    ...(view ? [{ path: view, element: guarded((role) => can(role, area, 'read'), <View />) }] : []),
  ];
}
