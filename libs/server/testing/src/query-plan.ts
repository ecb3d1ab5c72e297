/** A node of Postgres' JSON plan, as far as the tests read it. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** Every node of the plan Postgres makes for `sql` with `params` (EXPLAIN, not run), outermost first. */
export async function planNodes(db: { query(sql: string, params: unknown[]): Promise<unknown> }, sql: string, params: unknown[]): Promise<PlanNode[]> {
  const [plan] = (await db.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)) as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];
  return flatten(plan['QUERY PLAN'][0].Plan);
}
