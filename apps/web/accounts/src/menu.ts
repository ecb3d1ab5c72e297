import type { RemoteMenu } from '@freight/contracts';

/**
 * This remote's tiles of the Administrative Tools page (ADR 20), exposed as `./menu`: none. The
 * accounts screens open from the console's sidebar entry "Accounts" (Head) and the hub's tiles,
 * not from Administrative Tools (requirements 01 §2 lists no accounts tile there).
 */
const menu: RemoteMenu = { tiles: [] };

export default menu;
