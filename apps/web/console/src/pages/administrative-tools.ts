import { ADMINISTRATIVE_TOOLS, TOOL_GROUPS, isPermission, tileVisibleTo, type MenuTile, type RemoteMenu, type StaffRole } from '@freight/contracts';

/** A tile as the page shows it: a link when `path` (relative to administrativetools/) is set, else "Not available yet". */
export type ToolTile = MenuTile;

export interface ToolGroup {
  title: string;
  tiles: ToolTile[];
}

/** Logs what a remote's menu got wrong (a tile the console cannot place or judge is left out). */
export type MenuProblem = (remote: string, problem: string) => void;

const warn: MenuProblem = (remote, problem) => console.warn(`Menu of remote ${remote}: ${problem}`);

/** A path under the mount point: relative, no '..', no scheme or host. */
const isRelativePath = (path: unknown): path is string =>
  typeof path === 'string' && /^[A-Za-z0-9_-][A-Za-z0-9_\-/]*$/.test(path) && !path.split('/').includes('..');

/**
 * The tiles of a remote's menu this console can show. A remote is deployed on its own and
 * may be newer than the console: a tile whose area or action this build does not know is
 * left out (it cannot tell who may see it), and so is anything that is not a tile.
 */
export function validTiles(remote: string, menu: unknown, problem: MenuProblem = warn): MenuTile[] {
  const tiles = (menu as Partial<RemoteMenu> | null)?.tiles;
  if (!Array.isArray(tiles)) {
    problem(remote, 'no tiles');
    return [];
  }
  return tiles.filter((tile: Partial<MenuTile> | null, index): tile is MenuTile => {
    const { label, group, path, visibleTo } = tile ?? {};
    const fault =
      typeof label !== 'string' || label === ''
        ? 'no label'
        : typeof group !== 'string' || group === ''
          ? 'no group'
          : path !== undefined && !isRelativePath(path)
            ? `a path that is not relative (${String(path)})`
            : !isPermission(visibleTo)
              ? `an area or action this console does not know (${JSON.stringify(visibleTo)})`
              : undefined;
    if (fault) problem(remote, `tile ${index} (${typeof label === 'string' ? label : '?'}) has ${fault}; left out`);
    return !fault;
  });
}

/** A remote's menu as the page got it: its tiles, or failed (its tiles stay "Not available yet"). */
export type LoadedMenu = { remote: string; menu: unknown } | { remote: string; failed: true };

/**
 * Every tile of the page: the specification's tiles (requirements 01 §2, in its order) as
 * placeholders, each replaced in place by a remote's tile of the same label; tiles the
 * specification does not list are added after them. Remotes count in the order of
 * /remotes.json; the first to bring a label has it. A remote that failed to load leaves
 * the placeholders of its tiles.
 */
export function mergeMenus(loaded: readonly LoadedMenu[], problem: MenuProblem = warn): ToolTile[] {
  const tiles: ToolTile[] = [...ADMINISTRATIVE_TOOLS];
  const fromRemote = new Map<string, string>();
  for (const entry of loaded) {
    if ('failed' in entry) continue;
    for (const tile of validTiles(entry.remote, entry.menu, problem)) {
      const owner = fromRemote.get(tile.label);
      if (owner) {
        problem(entry.remote, `tile ${tile.label} is already brought by ${owner}; left out`);
        continue;
      }
      fromRemote.set(tile.label, entry.remote);
      const placeholder = tiles.findIndex((t) => t.label === tile.label);
      if (placeholder >= 0) tiles[placeholder] = tile;
      else tiles.push(tile);
    }
  }
  return tiles;
}

/**
 * The groups and tiles this role sees: the specification's groups in its order, then any
 * other group a remote names, in the order met; a group with no tile for the role is left out.
 */
export function toolsFor(tiles: readonly ToolTile[], role: StaffRole): ToolGroup[] {
  const titles = [...new Set<string>([...TOOL_GROUPS, ...tiles.map((tile) => tile.group)])];
  return titles
    .map((title) => ({ title, tiles: tiles.filter((tile) => tile.group === title && tileVisibleTo(tile, role)) }))
    .filter((group) => group.tiles.length > 0);
}
