import { matchRoutes } from 'react-router-dom';
import { ADMINISTRATIVE_TOOLS, STAFF_ROLES, tileVisibleTo } from '@freight/contracts';
import menu from './menu.js';
import { routes } from './routes.js';

describe("the master-data remote's menu (./menu)", () => {
  it('brings its tiles of the specification: every master-data screen of requirements 01 §2 open', () => {
    expect(menu.tiles.map((tile) => [tile.label, tile.path])).toEqual([
      ['Manage User', 'manageuser'],
      ['Manage Branch', 'managebranch'],
      ['Manage Consignee', 'manageconsignee'],
      ['Manage Forwarder', 'manageforwarder'],
      ['Manage Shipper', 'manageshipper'],
      ['Manage Client News', 'manageclientnews'],
      ['Manage Client Announcements', 'manageannouncement'],
      ['Manage Origin', 'manageorigin'],
      ['Manage Yard', 'manageyard'],
      ['Manage Shipment Type', 'manageshipmenttype'],
      ['Manage Shipment Term', 'manageshipmentterm'],
      ['Contact messages', 'contactmessages'],
    ]);
  });

  const ofSpec = (label: string) => ADMINISTRATIVE_TOOLS.some((t) => t.label === label);
  it.each(menu.tiles.filter((tile) => ofSpec(tile.label)).map((tile) => [tile.label, tile] as const))(
    '%s: same group and permission as the console shows while this remote is away',
    (label, tile) => {
      const placeholder = ADMINISTRATIVE_TOOLS.find((t) => t.label === label);
      expect(placeholder).toBeDefined();
      expect({ group: tile.group, visibleTo: tile.visibleTo }).toEqual({ group: placeholder!.group, visibleTo: placeholder!.visibleTo });
    },
  );

  it('brings one tile requirements 01 §2 does not list: Contact messages, for Head and Admin (issue 8)', () => {
    const extra = menu.tiles.filter((tile) => !ofSpec(tile.label));
    expect(extra.map((tile) => [tile.label, tile.group, STAFF_ROLES.filter((role) => tileVisibleTo(tile, role))])).toEqual([
      ['Contact messages', 'Client Management', ['Head', 'Admin']],
    ]);
  });

  it.each(menu.tiles.filter((tile) => tile.path).map((tile) => [tile.label, tile.path!] as const))('%s opens a screen of this remote (%s)', (_label, path) => {
    const matched = matchRoutes(routes, `/${path}`);
    expect(matched?.at(-1)?.route.path).toBe(path);
  });
});
