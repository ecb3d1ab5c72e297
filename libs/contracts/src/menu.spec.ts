import { ADMINISTRATIVE_TOOLS, TOOL_GROUPS, tileVisibleTo } from './menu.js';
import type { StaffRole } from './roles.js';

// Requirements 01 §2 "Administrative Tools page, grouped", written out here rather than read from
// the implementation.
const ALL: StaffRole[] = ['Head', 'Admin', 'Employee'];
const HEAD: StaffRole[] = ['Head'];
const SPEC_GROUPS: Record<string, Record<string, StaffRole[]>> = {
  'User and Branch Management': { 'Manage User': ALL, 'Manage Branch': HEAD },
  'Client Management': {
    'Manage Consignee': ALL,
    'Manage Forwarder': ALL,
    'Manage Shipper': ALL,
    'Manage Client News': HEAD,
    'Manage Client Announcements': HEAD,
  },
  'Loading and Infrastructure': { 'Manage Origin': ALL, 'Manage Yard': HEAD },
  'Shipment Configuration': { 'Manage Shipment Type': HEAD, 'Manage Shipment Term': HEAD, 'Manage Shipment Counter': HEAD, 'Manage Shipment Deletion': HEAD },
};
const SPEC = Object.entries(SPEC_GROUPS).flatMap(([group, tiles]) => Object.entries(tiles).map(([label, roles]) => [group, label, roles] as const));

describe('the Administrative Tools page of the specification (requirements 01 §2)', () => {
  it('has its groups in order', () => {
    expect(TOOL_GROUPS).toEqual(['User and Branch Management', 'Client Management', 'Loading and Infrastructure', 'Shipment Configuration']);
  });

  it('has every tile in order, in its group, without a path', () => {
    expect(ADMINISTRATIVE_TOOLS.map((tile) => [tile.group, tile.label, tile.path])).toEqual(SPEC.map(([group, label]) => [group, label, undefined]));
  });

  it.each(SPEC)('%s / %s: shown to %j, from the permission matrix', (_group, label, roles) => {
    const tile = ADMINISTRATIVE_TOOLS.find((t) => t.label === label)!;
    expect(ALL.filter((role) => tileVisibleTo(tile, role))).toEqual(roles);
  });
});
