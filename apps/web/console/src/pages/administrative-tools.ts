import type { StaffRole } from '@freight/contracts';

/** A tile of the Administrative Tools page; `path` (relative) only when its screen exists. */
export interface ToolTile {
  label: string;
  roles: readonly StaffRole[];
  path?: string;
}

export interface ToolGroup {
  title: string;
  tiles: ToolTile[];
}

const ALL: readonly StaffRole[] = ['Head', 'Admin', 'Employee'];
const HEAD: readonly StaffRole[] = ['Head'];

/** Spec 01 §2 "Administrative Tools page, grouped", in its order. */
export const TOOL_GROUPS: readonly ToolGroup[] = [
  {
    title: 'User and Branch Management',
    tiles: [
      { label: 'Manage User', roles: ALL, path: 'manageuser' },
      { label: 'Manage Branch', roles: HEAD, path: 'managebranch' },
    ],
  },
  {
    title: 'Client Management',
    tiles: [
      { label: 'Manage Consignee', roles: ALL },
      { label: 'Manage Forwarder', roles: ALL },
      { label: 'Manage Shipper', roles: ALL },
      { label: 'Manage Client News', roles: HEAD },
      { label: 'Manage Client Announcements', roles: HEAD },
    ],
  },
  {
    title: 'Loading and Infrastructure',
    tiles: [
      { label: 'Manage Origin', roles: ALL },
      { label: 'Manage Yard', roles: HEAD },
    ],
  },
  {
    title: 'Shipment Configuration',
    tiles: [
      { label: 'Manage Shipment Type', roles: HEAD },
      { label: 'Manage Shipment Term', roles: HEAD },
      { label: 'Manage Shipment Counter', roles: HEAD },
      { label: 'Manage Shipment Deletion', roles: HEAD },
    ],
  },
];

/** The groups and tiles this role sees; a group with no tile for the role is left out. */
export function toolsFor(role: StaffRole): ToolGroup[] {
  return TOOL_GROUPS.map((group) => ({ ...group, tiles: group.tiles.filter((tile) => tile.roles.includes(role)) })).filter(
    (group) => group.tiles.length > 0,
  );
}
