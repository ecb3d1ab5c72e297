import type { RouteObject } from 'react-router-dom';

/** The client screens (skeleton: issue 11 fills them in). */
export const routes: RouteObject[] = [];
export default routes;
