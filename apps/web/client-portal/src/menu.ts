/** The client portal brings no tile to the staff console's Administrative Tools. */
export const menu = [];
export default menu;
