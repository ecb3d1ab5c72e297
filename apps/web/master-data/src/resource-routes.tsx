import { createContext, type ComponentType, type ReactNode } from 'react';
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
  view?: ComponentType;
}

/** The routes of an entity's screens without their parameters ('editforwarder'), for the screens' links to each other. */
export interface ResourcePaths {
  list: string;
  add: string;
  edit: string;
  view?: string;
}
export const ResourcePathsContext = createContext<ResourcePaths>({ list: '', add: '', edit: '' });

export interface ResourceRouteOptions {
  /** The permission area: add and edit are for the roles that may write in it. */
  area: Area;
  /** The list's route, e.g. 'manageforwarder'. */
  list: string;
  add: string;
  /** With the natural key as its parameter: 'editforwarder/:Forwarder'. */
  edit: string;
  /** The view screen, where the entity has one: 'viewforwarder/:Forwarder'. */
  view?: string;
  /** The list is for the roles that may do this in the area (as the tile's `visibleTo`). */
  listNeeds: Action;
}

/**
 * The list, add and edit routes of an entity whose screens are made on the kit's pages (one
 * line in routes.tsx per entity, written by npm run new:resource). Its screens' code loads when
 * one of them is first shown.
 */
export function resourceRoutes(
  load: () => Promise<{ screens: ResourceScreens }>,
  { area, list, add, edit, view, listNeeds }: ResourceRouteOptions,
): RouteObject[] {
  const paths: ResourcePaths = { list, add, edit: edit.split('/')[0]!, view: view?.split('/')[0] };
  const screen = (which: keyof ResourceScreens) => {
    const Screen = lazyScreen(() => load().then((module) => module.screens[which]!));
    return (
      <ResourcePathsContext.Provider value={paths}>
        <Screen />
      </ResourcePathsContext.Provider>
    );
  };
  const reads = (role: StaffRole) => can(role, area, listNeeds);
  const writes = (role: StaffRole) => can(role, area, 'write');
  return [
    { path: list, element: guarded(reads, screen('list')) },
    { path: add, element: guarded(writes, screen('add')) },
    { path: edit, element: guarded(writes, screen('edit')) },
    ...(view ? [{ path: view, element: guarded(reads, screen('view')) }] : []),
  ];
}
