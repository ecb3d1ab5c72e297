import { ADMINISTRATIVE_TOOLS, JOBS_SCREENS, STAFF_ROLES, tileVisibleTo } from '@freight/contracts';
import menu from './menu.js';

describe("the jobs remote's menu (./menu)", () => {
  it("brings the Head's shipment tools of requirements 01 §2, in the placeholders' group and permission", () => {
    for (const tile of menu.tiles) {
      const placeholder = ADMINISTRATIVE_TOOLS.find((t) => t.label === tile.label);
      expect({ group: tile.group, visibleTo: tile.visibleTo }).toEqual({ group: placeholder?.group, visibleTo: placeholder?.visibleTo });
      expect(STAFF_ROLES.filter((role) => tileVisibleTo(tile, role))).toEqual(['Head']);
    }
    expect(menu.tiles.map((tile) => tile.label)).toEqual(['Manage Shipment Counter', 'Manage Shipment Deletion']);
  });

  it('each tile opens a screen the console mounts this remote at (administrativetools/…)', () => {
    for (const tile of menu.tiles) expect(Object.keys(JOBS_SCREENS)).toContain(`admindashboard/administrativetools/${tile.path}`);
  });
});
