import { jest } from '@jest/globals';
import { ADMINISTRATIVE_TOOLS, type MenuTile } from '@freight/contracts';
import { mergeMenus, toolsFor, validTiles, type LoadedMenu } from './administrative-tools.js';

const labels = (tiles: readonly MenuTile[]) => tiles.map((t) => t.label);
const groupsFor = (tiles: readonly MenuTile[], role: 'Head' | 'Admin' | 'Employee') =>
  toolsFor(tiles, role).map((group) => [group.title, labels(group.tiles)] as const);

const user: MenuTile = { label: 'Manage User', group: 'User and Branch Management', path: 'manageuser', visibleTo: { area: 'users', action: 'read' } };
const news: MenuTile = {
  label: 'Manage Client News',
  group: 'Client Management',
  path: 'manageclientnews',
  visibleTo: { area: 'clientNews', action: 'delete' },
};
const vessel: MenuTile = { label: 'Manage Vessel', group: 'Shipment Configuration', path: 'managevessel', visibleTo: { area: 'yards', action: 'read' } };

describe('merging the remotes’ menus into the Administrative Tools page', () => {
  it('with no remote: every tile of the specification, in its order, none with a path', () => {
    const tiles = mergeMenus([]);
    expect(tiles).toEqual(ADMINISTRATIVE_TOOLS);
    expect(tiles.some((t) => t.path)).toBe(false);
  });

  it('a remote’s tile replaces the placeholder of the same label, in its place', () => {
    const tiles = mergeMenus([{ remote: 'news', menu: { tiles: [news] } }]);
    expect(labels(tiles)).toEqual(labels(ADMINISTRATIVE_TOOLS));
    expect(tiles.find((t) => t.label === 'Manage Client News')).toEqual(news);
    expect(groupsFor(tiles, 'Head')[1]).toEqual([
      'Client Management',
      ['Manage Consignee', 'Manage Forwarder', 'Manage Shipper', 'Manage Client News', 'Manage Client Announcements'],
    ]);
  });

  it('the order of the specification holds whatever order the remotes come in', () => {
    const forwarder: MenuTile = { ...ADMINISTRATIVE_TOOLS[3]!, path: 'manageforwarder' };
    const tiles = mergeMenus([
      { remote: 'news', menu: { tiles: [news] } },
      { remote: 'masterData', menu: { tiles: [forwarder, user] } },
    ]);
    expect(labels(tiles)).toEqual(labels(ADMINISTRATIVE_TOOLS));
    expect(tiles.filter((t) => t.path).map((t) => t.path)).toEqual(['manageuser', 'manageforwarder', 'manageclientnews']);
  });

  it('a tile the specification does not list goes at the end of its group; a new group after the specification’s', () => {
    const report: MenuTile = { label: 'Reports', group: 'Reports', path: 'reports', visibleTo: { area: 'accounts', action: 'read' } };
    const tiles = mergeMenus([{ remote: 'more', menu: { tiles: [report, vessel] } }]);
    expect(groupsFor(tiles, 'Head').slice(-2)).toEqual([
      ['Shipment Configuration', ['Manage Shipment Type', 'Manage Shipment Term', 'Manage Shipment Counter', 'Manage Shipment Deletion', 'Manage Vessel']],
      ['Reports', ['Reports']],
    ]);
    // Only the tiles the role may see; a group left empty is left out.
    expect(groupsFor(tiles, 'Admin').map(([title]) => title)).toEqual([
      'User and Branch Management',
      'Client Management',
      'Loading and Infrastructure',
      'Shipment Configuration',
    ]);
    expect(groupsFor(tiles, 'Admin').at(-1)).toEqual(['Shipment Configuration', ['Manage Vessel']]);
  });

  it('a remote that failed leaves the placeholders of its tiles', () => {
    const loaded: LoadedMenu[] = [
      { remote: 'masterData', failed: true },
      { remote: 'news', menu: { tiles: [news] } },
    ];
    const tiles = mergeMenus(loaded);
    expect(tiles.filter((t) => t.path)).toEqual([news]);
    expect(labels(tiles)).toEqual(labels(ADMINISTRATIVE_TOOLS));
  });

  it('the first remote in /remotes.json keeps a label two remotes bring', () => {
    const problem = jest.fn();
    const tiles = mergeMenus(
      [
        { remote: 'a', menu: { tiles: [user] } },
        { remote: 'b', menu: { tiles: [{ ...user, path: 'elsewhere' }] } },
      ],
      problem,
    );
    expect(tiles.find((t) => t.label === 'Manage User')?.path).toBe('manageuser');
    expect(problem).toHaveBeenCalledWith('b', 'tile Manage User is already brought by a; left out');
  });

  it('leaves out, and reports, what it cannot place or judge', () => {
    const problem = jest.fn();
    const menu = {
      tiles: [
        user,
        { ...vessel, visibleTo: { area: 'satellites', action: 'read' } }, // an area of a newer build
        { ...vessel, label: 'Absolute', path: '/admindashboard' },
        { ...vessel, label: 'Elsewhere', path: 'https://example.com' },
        { ...vessel, label: 'Up', path: 'a/../../accounts' },
        { ...vessel, label: '' },
        { ...vessel, label: 'No group', group: undefined },
        null,
      ],
    };
    expect(validTiles('masterData', menu, problem)).toEqual([user]);
    expect(problem).toHaveBeenCalledTimes(7);
    expect(problem).toHaveBeenCalledWith(
      'masterData',
      'tile 1 (Manage Vessel) has an area or action this console does not know ({"area":"satellites","action":"read"}); left out',
    );
    expect(validTiles('x', { tiles: 'all' }, problem)).toEqual([]);
    expect(validTiles('x', undefined, problem)).toEqual([]);
    expect(problem).toHaveBeenLastCalledWith('x', 'no tiles');
  });
});
