import type { RemoteMenu } from '@freight/contracts';

/** The client portal brings no tile to the staff console's Administrative Tools (every remote exposes `./menu`, ADR 20). */
const menu: RemoteMenu = { tiles: [] };

export default menu;
