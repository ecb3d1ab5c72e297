import type { RemoteMenu, ToolGroup } from '@freight/contracts';

const USERS_AND_BRANCHES = 'User and Branch Management' satisfies ToolGroup;
const CLIENTS = 'Client Management' satisfies ToolGroup;
const LOADING = 'Loading and Infrastructure' satisfies ToolGroup;
const SHIPMENT = 'Shipment Configuration' satisfies ToolGroup;

/**
 * This remote's tiles of the Administrative Tools page (ADR 20), exposed as `./menu`. Plain
 * data (types only), so the module is a few hundred bytes. `path` is relative to where the
 * console mounts this remote (administrativetools/); a tile without one says "Not available
 * yet" until its screens are built. Who sees a tile is the permission it names (`can`).
 */
const menu: RemoteMenu = {
  tiles: [
    { label: 'Manage User', group: USERS_AND_BRANCHES, path: 'manageuser', visibleTo: { area: 'users', action: 'read' } },
    { label: 'Manage Branch', group: USERS_AND_BRANCHES, path: 'managebranch', visibleTo: { area: 'branches', action: 'write' } },
    { label: 'Manage Consignee', group: CLIENTS, path: 'manageconsignee', visibleTo: { area: 'consignees', action: 'read' } },
    { label: 'Manage Forwarder', group: CLIENTS, path: 'manageforwarder', visibleTo: { area: 'forwarders', action: 'read' } },
    { label: 'Manage Shipper', group: CLIENTS, path: 'manageshipper', visibleTo: { area: 'shippers', action: 'read' } },
    // Head's tiles (requirements 01 §2); the screens are every staff member's too (requirements decisions §4), delete Head's.
    { label: 'Manage Client News', group: CLIENTS, path: 'manageclientnews', visibleTo: { area: 'clientNews', action: 'delete' } },
    { label: 'Manage Client Announcements', group: CLIENTS, path: 'manageannouncement', visibleTo: { area: 'announcements', action: 'delete' } },
    { label: 'Manage Origin', group: LOADING, path: 'manageorigin', visibleTo: { area: 'origins', action: 'read' } },
    { label: 'Manage Yard', group: LOADING, path: 'manageyard', visibleTo: { area: 'yards', action: 'delete' } },
    { label: 'Manage Shipment Type', group: SHIPMENT, path: 'manageshipmenttype', visibleTo: { area: 'shipmentTypes', action: 'delete' } },
    { label: 'Manage Shipment Term', group: SHIPMENT, path: 'manageshipmentterm', visibleTo: { area: 'shipmentTerms', action: 'delete' } },
    { label: 'Contact messages', group: CLIENTS, path: 'contactmessages', visibleTo: { area: 'contactMessages', action: 'read' } },
    // new:resource tiles
  ],
};

export default menu;
