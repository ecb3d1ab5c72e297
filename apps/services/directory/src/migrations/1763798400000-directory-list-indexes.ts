import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One b-tree per user list sort key, matching its ORDER BY exactly (the key, then `id` where
 * the key is not unique), so a page is read by walking an index instead of sorting the table.
 * The INCLUDEd columns make the page's id list an index-only scan (the planner only does that
 * for an expression index when the expression's column is in the index too). The unique
 * username/e-mail indexes are rebuilt with those columns under their old names, which the
 * service maps to its "already taken" messages.
 */
export class DirectoryListIndexes1763798400000 implements MigrationInterface {
  name = 'DirectoryListIndexes1763798400000';

  async up(q: QueryRunner): Promise<void> {
    await replaceIndex(q, 'ux_app_user_username', `CREATE UNIQUE INDEX ux_app_user_username ON directory.app_user (lower(username)) INCLUDE (username, id)`);
    await replaceIndex(q, 'ux_app_user_email', `CREATE UNIQUE INDEX ux_app_user_email ON directory.app_user (lower(email)) INCLUDE (email, id)`);
    await q.query(`CREATE INDEX ix_app_user_full_name ON directory.app_user (lower(full_name), id) INCLUDE (full_name)`);
    await replaceIndex(q, 'ix_app_user_role', `CREATE INDEX ix_app_user_role ON directory.app_user (role, id)`);
    await q.query(`CREATE INDEX ix_app_user_department ON directory.app_user (department, id)`);
    // Also serves the foreign key and "users in this branch"; branch order walks it per branch.
    await replaceIndex(q, 'ix_app_user_branch', `CREATE INDEX ix_app_user_branch ON directory.app_user (branch_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await replaceIndex(q, 'ix_app_user_branch', `CREATE INDEX ix_app_user_branch ON directory.app_user (branch_id)`);
    await q.query(`DROP INDEX directory.ix_app_user_department`);
    await replaceIndex(q, 'ix_app_user_role', `CREATE INDEX ix_app_user_role ON directory.app_user (role)`);
    await q.query(`DROP INDEX directory.ix_app_user_full_name`);
    await replaceIndex(q, 'ux_app_user_email', `CREATE UNIQUE INDEX ux_app_user_email ON directory.app_user (lower(email))`);
    await replaceIndex(q, 'ux_app_user_username', `CREATE UNIQUE INDEX ux_app_user_username ON directory.app_user (lower(username))`);
  }
}

/** Drops `name` and creates it again from `create`: the table is locked for the transaction, so no write sees it missing. */
async function replaceIndex(q: QueryRunner, name: string, create: string): Promise<void> {
  await q.query(`DROP INDEX directory.${name}`);
  await q.query(create);
}
