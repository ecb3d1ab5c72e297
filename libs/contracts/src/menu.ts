import { can, type Permission } from './permissions.js';
import type { StaffRole } from './roles.js';

/**
 * The Administrative Tools page (spec 01 §2) is built by the console from the menus the
 * remotes expose (ADR 20): each remote's federated module `./menu` default-exports a
 * `RemoteMenu`, plain data, so a remote adds or opens a screen without a console rebuild.
 */

/** The page's groups, in the order of spec 01 §2. A remote may name another group; it comes after these. */
export const TOOL_GROUPS = ['User and Branch Management', 'Client Management', 'Loading and Infrastructure', 'Shipment Configuration'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

/** A tile of the Administrative Tools page. */
export interface MenuTile {
  /** The visible text, which is also the tile's accessible name, e.g. 'Manage User'. */
  label: string;
  group: ToolGroup | (string & {});
  /** The screen, relative to where the console mounts the remote (administrativetools/), e.g. 'manageuser'; none = "Not available yet". */
  path?: string;
  /** Shown to the roles that may do this (contracts' permission matrix, `can`). */
  visibleTo: Permission;
}

/** What a remote's `./menu` module default-exports. */
export interface RemoteMenu {
  tiles: readonly MenuTile[];
}

/** Is the tile shown to this role? */
export function tileVisibleTo(tile: Pick<MenuTile, 'visibleTo'>, role: StaffRole): boolean {
  return can(role, tile.visibleTo.area, tile.visibleTo.action);
}

const tile = (label: string, group: ToolGroup, visibleTo: Permission): MenuTile => ({ label, group, visibleTo });

/**
 * Every tile of spec 01 §2, in its order, without paths. The console shows each as "Not
 * available yet" until a loaded remote brings a tile of the same label, which takes its place
 * (so a remote that cannot be loaded leaves its tiles there, not available). Each tile's
 * visibility is the matrix cell that gives exactly the spec's roles: "all staff" tiles need
 * `read`; "Head only" tiles need the action only Head has in that area (`write` for
 * branches, `delete` for the areas all staff edit, `read` for the Head-only areas).
 */
export const ADMINISTRATIVE_TOOLS: readonly MenuTile[] = [
  tile('Manage User', 'User and Branch Management', { area: 'users', action: 'read' }),
  tile('Manage Branch', 'User and Branch Management', { area: 'branches', action: 'write' }),
  tile('Manage Consignee', 'Client Management', { area: 'consignees', action: 'read' }),
  tile('Manage Forwarder', 'Client Management', { area: 'forwarders', action: 'read' }),
  tile('Manage Shipper', 'Client Management', { area: 'shippers', action: 'read' }),
  tile('Manage Client News', 'Client Management', { area: 'clientNews', action: 'delete' }),
  tile('Manage Client Announcements', 'Client Management', { area: 'announcements', action: 'delete' }),
  tile('Manage Origin', 'Loading and Infrastructure', { area: 'origins', action: 'read' }),
  tile('Manage Yard', 'Loading and Infrastructure', { area: 'yards', action: 'delete' }),
  tile('Manage Shipment Type', 'Shipment Configuration', { area: 'shipmentTypes', action: 'delete' }),
  tile('Manage Shipment Term', 'Shipment Configuration', { area: 'shipmentTerms', action: 'delete' }),
  tile('Manage Shipment Counter', 'Shipment Configuration', { area: 'shipmentCounter', action: 'read' }),
  tile('Manage Shipment Deletion', 'Shipment Configuration', { area: 'shipmentDeletion', action: 'read' }),
];
