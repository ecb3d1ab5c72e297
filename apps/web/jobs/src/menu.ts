import type { RemoteMenu, ToolGroup } from '@freight/contracts';

const SHIPMENT = 'Shipment Configuration' satisfies ToolGroup;

/**
 * This remote's tiles of the Administrative Tools page (ADR 20), exposed as `./menu`: the
 * Head's shipment tools (requirements 01 §2 labels). `path` is relative to administrativetools/.
 */
const menu: RemoteMenu = {
  tiles: [
    { label: 'Manage Shipment Counter', group: SHIPMENT, path: 'manageshipmentcounter', visibleTo: { area: 'shipmentCounter', action: 'read' } },
    { label: 'Manage Shipment Deletion', group: SHIPMENT, path: 'deleteshipment', visibleTo: { area: 'shipmentDeletion', action: 'read' } },
  ],
};

export default menu;
