// The figures of `npm run audit:web` from what Chromium fetched: which scripts, how many bytes
// on the wire, and the budgets they are held to. Plain functions, unit-tested in report.spec.mjs.

/**
 * Budgets in gzipped bytes: the public microsite's pages (issue 11: 90 KB each), the console's
 * dashboard interactive and what a deep link into a remote screen adds (issue 6), and the client
 * portal (issue 11). The portal's first render is a host like the console's (React, Mantine, the
 * router and federation's runtime, then its one remote's sign-in screen), so it gets the console's
 * 200 KB; a consignee's Ocean Visibility (the data table, the ticker, the announcements) is allowed
 * another 60 KB on top, the same allowance as a remote screen of the console (ADR 38).
 */
export const BUDGETS = {
  siteHome: 90 * 1024,
  siteSearch: 90 * 1024,
  dashboard: 200 * 1024,
  remoteScreen: 60 * 1024,
  portalSignIn: 200 * 1024,
  portalConsignee: 260 * 1024,
};

/** Lighthouse (issue 11): each of these categories scores at least this on the microsite's pages. */
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
export const LIGHTHOUSE_MIN_SCORE = 95;

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
 * The audit's figures from the page loads (a load absent from `loads` gives no row).
 * @param {{ siteHome?: Script[], siteSearch?: Script[], dashboard?: Script[], coldDashboard?: Script[], deepLink?: Script[],
 *   portalSignIn?: Script[], portalConsignee?: Script[] }} loads
 *   siteHome: the microsite's / until its sign-in form is ready; siteSearch: /Searchbl?bl=… until the
 *   shipment is shown; dashboard: from the microsite's form on through sign-in until /admindashboard
 *   is interactive (the console's scripts: the microsite's were fetched before); coldDashboard /
 *   deepLink: a fresh browser (empty cache) with a session opening /admindashboard, and the remote
 *   screen; portalSignIn: the portal's /clientlogin ready; portalConsignee: the same tab on through a
 *   consignee's sign-in until their Ocean Visibility is shown (cumulative).
 */
export function figures({ siteHome, siteSearch, dashboard, coldDashboard, deepLink, portalSignIn, portalConsignee }) {
  const row = (key, label, scripts, budget) => ({
    key,
    label,
    bytes: total(scripts),
    scripts: unique(scripts).length,
    ...(budget !== undefined && { budget }),
  });
  const rows = [];
  if (siteHome) rows.push(row('siteHome', '(a) microsite / until its sign-in form is ready', siteHome, BUDGETS.siteHome));
  if (siteSearch) rows.push(row('siteSearch', '(a) microsite /Searchbl?bl=… until the shipment is shown', siteSearch, BUDGETS.siteSearch));
  if (dashboard) rows.push(row('dashboard', '(b) signed in on /, /admindashboard interactive', dashboard, BUDGETS.dashboard));
  if (deepLink && coldDashboard) {
    const remoteAdds = added(deepLink, coldDashboard);
    rows.push({
      key: 'remoteScreen',
      label: '(c) deep link to the remote screen adds',
      bytes: total(remoteAdds),
      scripts: remoteAdds.length,
      budget: BUDGETS.remoteScreen,
    });
    rows.push(row('deepLink', '    (deep link to the remote screen, in all)', deepLink));
  }
  if (portalSignIn) rows.push(row('portalSignIn', '(d) portal /clientlogin ready', portalSignIn, BUDGETS.portalSignIn));
  if (portalConsignee) rows.push(row('portalConsignee', '(d) …a consignee signed in, Ocean Visibility shown', portalConsignee, BUDGETS.portalConsignee));
  return rows;
}

/**
 * Lighthouse's category scores of one page as rows held to LIGHTHOUSE_MIN_SCORE.
 * @param {string} page the path audited @param {{ categories: Record<string, { id: string, score: number | null }> }} lhr
 */
export function scoreRows(page, lhr) {
  return LIGHTHOUSE_CATEGORIES.map((id) => {
    const score = lhr.categories[id]?.score;
    return {
      key: `lighthouse ${page} ${id}`,
      label: `(a) Lighthouse ${page} ${id}`,
      score: typeof score === 'number' ? Math.round(score * 100) : 0,
      minScore: LIGHTHOUSE_MIN_SCORE,
    };
  });
}

/** The audits of a Lighthouse report that cost its categories points (weighted and not passed), worst first. */
export function lostPoints(lhr) {
  const lost = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        lost.push({ category: category.id, id: ref.id, score: audit.score, value: audit.displayValue ?? '' });
    }
  }
  return lost.sort((a, b) => a.score - b.score);
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const isScore = (row) => row.minScore !== undefined;
const isFailure = (row) => row.error !== undefined;

/**
 * A part of the audit that could not be measured (its page failed): one failed test in the count,
 * while the other parts still report their figures.
 */
export function failedPart(key, label, error) {
  return { key, label, error: String(error?.message ?? error).split('\n')[0] };
}

/** Whether a row keeps its budget (rows without one always do; a part that failed never does). */
export function kept(row) {
  if (isFailure(row)) return false;
  if (isScore(row)) return row.score >= row.minScore;
  return row.budget === undefined || row.bytes <= row.budget;
}

/** The printed table: the JavaScript rows, then the Lighthouse scores, each with its budget and whether it is kept, then the parts not measured. */
export function formatTable(rows) {
  const sizes = rows.filter((r) => !isScore(r) && !isFailure(r));
  const failures = rows.filter(isFailure);
  const scores = rows.filter(isScore);
  const width = Math.max(...rows.map((r) => r.label.length), 'gzipped JavaScript'.length);
  const lines = [];
  if (sizes.length) {
    lines.push(`${'gzipped JavaScript'.padEnd(width)}  ${'bytes'.padStart(9)}  scripts  budget`);
    for (const row of sizes) {
      const budget = row.budget === undefined ? '' : `${kb(row.budget).padStart(8)}  ${kept(row) ? 'ok' : 'OVER'}`;
      lines.push(`${row.label.padEnd(width)}  ${kb(row.bytes).padStart(9)}  ${String(row.scripts).padStart(7)}  ${budget}`.trimEnd());
    }
  }
  if (scores.length) {
    if (lines.length) lines.push('');
    lines.push(`${'Lighthouse (mobile)'.padEnd(width)}  ${'score'.padStart(9)}  minimum`);
    for (const row of scores)
      lines.push(`${row.label.padEnd(width)}  ${String(row.score).padStart(9)}  ${String(row.minScore).padStart(7)}  ${kept(row) ? 'ok' : 'LOW'}`);
  }
  if (failures.length) {
    if (lines.length) lines.push('');
    for (const row of failures) lines.push(`${row.label}: NOT MEASURED, ${row.error}`);
  }
  return lines.join('\n');
}

/** The figures over their budget (or scores under their minimum). */
export const overBudget = (rows) => rows.filter((r) => !kept(r));

/**
 * The audit as `npm test` counts it (tools/test/summary.mjs): each budget is a test, kept or
 * not; an audit that could not measure (no rows) is one suite that failed to run.
 */
export function budgetCounts(rows) {
  const budgeted = rows.filter((r) => r.budget !== undefined || isScore(r) || isFailure(r));
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
