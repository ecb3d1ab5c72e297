import { ACTIONS, can, rolesThatCan, type Area, type Permission } from './permissions.js';
import type { StaffRole } from './roles.js';

/**
 * The Administrative Tools page (requirements 01 §2) is built by the console from the menus the
 * remotes expose (ADR 20): each remote's federated module `./menu` default-exports a
 * `RemoteMenu`, plain data, so a remote adds or opens a screen without a console rebuild.
 */

/** The page's groups, in the order of requirements 01 §2. A remote may name another group; it comes after these. */
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

/** Who requirements 01 §2 shows a tile to. */
type Audience = 'all staff' | 'Head only';

/**
 * The matrix cell that gives exactly the audience: "all staff" tiles need `read`; "Head only"
 * tiles need the first action only Head has in the area (`write` for branches, `delete` for
 * the areas all staff edit, `read` for the Head-only areas).
 */
function visibleTo(area: Area, audience: Audience): Permission {
  if (audience === 'all staff') return { area, action: 'read' };
  const action = ACTIONS.find((a) => rolesThatCan(area, a).join() === 'Head');
  if (!action) throw new Error(`No action in ${area} is Head's alone: a Head-only tile cannot be shown by it`);
  return { area, action };
}

/** Tiles of one group with one audience: label → area. */
const tiles = (group: ToolGroup, audience: Audience, areas: Record<string, Area>): MenuTile[] =>
  Object.entries(areas).map(([label, area]) => ({ label, group, visibleTo: visibleTo(area, audience) }));

/**
 * Every tile of requirements 01 §2, in its order, without paths. The console shows each as "Not
 * available yet" until a loaded remote brings a tile of the same label, which takes its place
 * (so a remote that cannot be loaded leaves its tiles there, not available).
 */
export const ADMINISTRATIVE_TOOLS: readonly MenuTile[] = [
  ...tiles('User and Branch Management', 'all staff', { 'Manage User': 'users' }),
  ...tiles('User and Branch Management', 'Head only', { 'Manage Branch': 'branches' }),
  ...tiles('Client Management', 'all staff', { 'Manage Consignee': 'consignees', 'Manage Forwarder': 'forwarders', 'Manage Shipper': 'shippers' }),
  ...tiles('Client Management', 'Head only', { 'Manage Client News': 'clientNews', 'Manage Client Announcements': 'announcements' }),
  ...tiles('Loading and Infrastructure', 'all staff', { 'Manage Origin': 'origins' }),
  ...tiles('Loading and Infrastructure', 'Head only', { 'Manage Yard': 'yards' }),
  ...tiles('Shipment Configuration', 'Head only', {
    'Manage Shipment Type': 'shipmentTypes',
    'Manage Shipment Term': 'shipmentTerms',
    'Manage Shipment Counter': 'shipmentCounter',
    'Manage Shipment Deletion': 'shipmentDeletion',
  }),
];
