import { useRoutes, type RouteObject } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { NotFoundPage, RequireRole, theme } from '@freight/web-kit';
import { ManageUsersPage } from './users/manage-users.page.js';
import { AddUserPage } from './users/add-user.page.js';
import { EditUserPage } from './users/edit-user.page.js';
import { ManageBranchesPage } from './branches/manage-branches.page.js';
import { AddBranchPage } from './branches/add-branch.page.js';
import { EditBranchPage } from './branches/edit-branch.page.js';

const HEAD = ['Head'] as const;
const HEAD_ADMIN = ['Head', 'Admin'] as const;

/**
 * The master-data screens, relative to where the host mounts them
 * (/admindashboard/administrativetools/*, behind the host's session guard).
 */
export const routes: RouteObject[] = [
  { path: 'manageuser', element: <ManageUsersPage /> },
  { path: 'adduser', element: <RequireRole roles={HEAD_ADMIN}><AddUserPage /></RequireRole> },
  { path: 'adduserhead', element: <RequireRole roles={HEAD}><AddUserPage /></RequireRole> },
  { path: 'edituser/:username', element: <RequireRole roles={HEAD_ADMIN}><EditUserPage /></RequireRole> },
  { path: 'edituserhead/:username', element: <RequireRole roles={HEAD}><EditUserPage /></RequireRole> },
  { path: 'managebranch', element: <RequireRole roles={HEAD}><ManageBranchesPage /></RequireRole> },
  { path: 'addbranch', element: <RequireRole roles={HEAD}><AddBranchPage /></RequireRole> },
  { path: 'editbranch/:BranchCity', element: <RequireRole roles={HEAD}><EditBranchPage /></RequireRole> },
  { path: '*', element: <NotFoundPage homePath="/admindashboard/administrativetools" /> },
];

/**
 * What the host renders in its slot. The remote bundles its own (tree-shaken)
 * Mantine components, so it gives them the kit's theme; the host already set the
 * CSS variables and global classes.
 */
export default function MasterDataRoutes() {
  const element = useRoutes(routes);
  return (
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {element}
    </MantineProvider>
  );
}
