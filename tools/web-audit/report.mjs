// The figures of `npm run audit:web` from what Chromium fetched: which scripts, how many bytes
// on the wire, and the budgets they are held to. Plain functions, unit-tested in report.spec.mjs.

/** Budgets in gzipped bytes (issue 6): the dashboard interactive, and what a deep link into a remote screen adds. */
export const BUDGETS = { dashboard: 200 * 1024, remoteScreen: 60 * 1024 };

/**
 * One script response as the browser received it.
 * @typedef {{ url: string, bytes: number, decoded: number, encoding: string }} Script
 */

/** Bytes of the scripts, each URL counted once (a script the page fetched twice costs twice, but none here is). */
export function total(scripts) {
  return unique(scripts).reduce((sum, s) => sum + s.bytes, 0);
}

/** The scripts by URL, first occurrence kept. */
export function unique(scripts) {
  const seen = new Map();
  for (const script of scripts) if (!seen.has(script.url)) seen.set(script.url, script);
  return [...seen.values()];
}

/** The scripts of `scripts` whose URL is not among `base` (what one load fetched that the other did not). */
export function added(scripts, base) {
  const known = new Set(base.map((s) => s.url));
  return unique(scripts).filter((s) => !known.has(s.url));
}

/**
 * Scripts that came compressed with something other than gzip: the figures are gzip, so the
 * browser must have been offered gzip only. Uncompressed scripts (the edge leaves files under
 * 1 KiB as they are) are counted as sent.
 */
export function notGzip(scripts) {
  return scripts.filter((s) => s.encoding !== 'gzip' && s.encoding !== '');
}

/**
 * The audit's figures from the four page loads.
 * @param {{ signIn: Script[], dashboard: Script[], coldDashboard: Script[], deepLink: Script[] }} loads
 *   signIn: / until the sign-in form is ready; dashboard: the same tab on through sign-in until
 *   /admindashboard is interactive (cumulative); coldDashboard / deepLink: a fresh browser (empty
 *   cache) with a session opening /admindashboard, and the remote screen.
 */
export function figures({ signIn, dashboard, coldDashboard, deepLink }) {
  const remoteAdds = added(deepLink, coldDashboard);
  return [
    { key: 'signIn', label: '(a) / until the sign-in form is ready', bytes: total(signIn), scripts: unique(signIn).length },
    {
      key: 'dashboard',
      label: '(b) …signed in, /admindashboard interactive',
      bytes: total(dashboard),
      scripts: unique(dashboard).length,
      budget: BUDGETS.dashboard,
    },
    {
      key: 'remoteScreen',
      label: '(c) deep link to the remote screen adds',
      bytes: total(remoteAdds),
      scripts: remoteAdds.length,
      budget: BUDGETS.remoteScreen,
    },
    { key: 'deepLink', label: '    (deep link to the remote screen, in all)', bytes: total(deepLink), scripts: unique(deepLink).length },
  ];
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The printed table: one row per figure, with its budget and whether it is kept. */
export function formatTable(rows) {
  const width = Math.max(...rows.map((r) => r.label.length));
  const lines = [`${'gzipped JavaScript'.padEnd(width)}  ${'bytes'.padStart(9)}  scripts  budget`];
  for (const row of rows) {
    const budget = row.budget === undefined ? '' : `${kb(row.budget).padStart(8)}  ${row.bytes <= row.budget ? 'ok' : 'OVER'}`;
    lines.push(`${row.label.padEnd(width)}  ${kb(row.bytes).padStart(9)}  ${String(row.scripts).padStart(7)}  ${budget}`.trimEnd());
  }
  return lines.join('\n');
}

/** The figures over their budget. */
export const overBudget = (rows) => rows.filter((r) => r.budget !== undefined && r.bytes > r.budget);

/**
 * The audit as `npm test` counts it (tools/test/summary.mjs): each budget is a test, kept or
 * not; an audit that could not measure (no rows) is one suite that failed to run.
 */
export function budgetCounts(rows) {
  const budgeted = rows.filter((r) => r.budget !== undefined);
  const failed = overBudget(rows).length;
  const broken = budgeted.length === 0 ? 1 : 0;
  return {
    numPassedTests: budgeted.length - failed,
    numFailedTests: failed,
    numPendingTests: 0,
    numRuntimeErrorTestSuites: broken,
    success: failed === 0 && broken === 0,
  };
}

/** The scripts of one load, largest first, with the file name only (for the detailed listing). */
export function formatScripts(title, scripts) {
  const rows = unique(scripts).sort((a, b) => b.bytes - a.bytes);
  return [
    `${title}: ${kb(total(rows))} in ${rows.length} scripts`,
    ...rows.map((s) => `  ${kb(s.bytes).padStart(9)}  ${new URL(s.url).pathname}${s.encoding ? '' : ' (uncompressed)'}`),
  ].join('\n');
}
