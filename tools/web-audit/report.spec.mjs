import { describe, expect, it } from '@jest/globals';
import {
  BUDGETS,
  failedPart,
  LIGHTHOUSE_MIN_SCORE,
  added,
  budgetCounts,
  figures,
  formatTable,
  lostPoints,
  notGzip,
  overBudget,
  scoreRows,
  total,
  unique,
} from './report.mjs';

const script = (path, bytes, encoding = 'gzip') => ({ url: `http://127.0.0.1:8080${path}`, bytes, decoded: bytes * 3, encoding });

describe('the web audit figures', () => {
  const main = script('/main.js', 30_000);
  const react = script('/react.js', 60_000);
  const shell = script('/shell.js', 4_000);
  const remoteEntry = script('/remotes/master-data/remoteEntry.js', 9_000);
  const screen = script('/remotes/master-data/manage-users.js', 20_000);

  it('counts each script once, by URL', () => {
    expect(unique([main, react, main])).toEqual([main, react]);
    expect(total([main, react, main])).toBe(90_000);
  });

  it('what a load adds is what the other did not fetch', () => {
    expect(added([main, shell, remoteEntry, screen], [main, shell, react])).toEqual([remoteEntry, screen]);
  });

  it('(a) the microsite pages, (b) the console after the microsite, (c) only what the deep link adds to a cold dashboard, (d) the portal', () => {
    const site = script('/site/home.1a2b3c4d.js', 15_000);
    const search = script('/site/searchbl.1a2b3c4d.js', 16_000);
    const portal = script('/portal/main.js', 70_000);
    const oceanVisibility = script('/remotes/client-portal/ocean.js', 30_000);
    const rows = figures({
      siteHome: [site],
      siteSearch: [search],
      dashboard: [main, react, shell],
      coldDashboard: [main, react, shell],
      deepLink: [main, react, shell, remoteEntry, screen],
      portalSignIn: [portal, react],
      portalConsignee: [portal, react, oceanVisibility],
    });
    expect(rows.map((r) => [r.key, r.bytes, r.scripts, r.budget])).toEqual([
      ['siteHome', 15_000, 1, BUDGETS.siteHome],
      ['siteSearch', 16_000, 1, BUDGETS.siteSearch],
      ['dashboard', 94_000, 3, BUDGETS.dashboard],
      ['remoteScreen', 29_000, 2, BUDGETS.remoteScreen],
      ['deepLink', 123_000, 5, undefined],
      ['portalSignIn', 130_000, 2, BUDGETS.portalSignIn],
      ['portalConsignee', 160_000, 3, BUDGETS.portalConsignee],
    ]);
    expect(figures({ siteHome: [site] }).map((r) => r.key)).toEqual(['siteHome']);
  });

  it('holds each Lighthouse category of a page to 95, and says which audits cost points', () => {
    const lhr = {
      categories: {
        performance: {
          id: 'performance',
          score: 0.949,
          auditRefs: [
            { id: 'lcp', weight: 25 },
            { id: 'fcp', weight: 10 },
          ],
        },
        accessibility: {
          id: 'accessibility',
          score: 1,
          auditRefs: [
            { id: 'label', weight: 7 },
            { id: 'info', weight: 0 },
          ],
        },
        'best-practices': { id: 'best-practices', score: 0.95, auditRefs: [] },
        seo: { id: 'seo', score: null, auditRefs: [] },
      },
      audits: { lcp: { score: 0.5, displayValue: '3.1 s' }, fcp: { score: 1 }, label: { score: 1 }, info: { score: 0 } },
    };
    const rows = scoreRows('/Searchbl', lhr);
    expect(rows.map((r) => [r.key, r.score, r.minScore])).toEqual([
      ['lighthouse /Searchbl performance', 95, LIGHTHOUSE_MIN_SCORE],
      ['lighthouse /Searchbl accessibility', 100, 95],
      ['lighthouse /Searchbl best-practices', 95, 95],
      ['lighthouse /Searchbl seo', 0, 95],
    ]);
    expect(overBudget(rows).map((r) => r.key)).toEqual(['lighthouse /Searchbl seo']);
    expect(budgetCounts(rows)).toMatchObject({ numPassedTests: 3, numFailedTests: 1, success: false });
    expect(formatTable(rows).split('\n').slice(-2)).toEqual([expect.stringMatching(/best-practices +95 +95 +ok$/), expect.stringMatching(/seo +0 +95 +LOW$/)]);
    expect(lostPoints(lhr)).toEqual([{ category: 'performance', id: 'lcp', score: 0.5, value: '3.1 s' }]);
  });

  it('holds (a) to 90 KB, (b) to 200 KB, (c) to 60 KB, (d) to 200 and 260 KB, and says which figure is over', () => {
    expect(BUDGETS).toEqual({
      siteHome: 92_160,
      siteSearch: 92_160,
      dashboard: 204_800,
      remoteScreen: 61_440,
      portalSignIn: 204_800,
      portalConsignee: 266_240,
    });
    const rows = [
      { key: 'dashboard', label: 'b', bytes: 204_800, scripts: 1, budget: BUDGETS.dashboard },
      { key: 'remoteScreen', label: 'c', bytes: 61_441, scripts: 1, budget: BUDGETS.remoteScreen },
      { key: 'deepLink', label: 'all', bytes: 999_999, scripts: 1 },
    ];
    expect(overBudget(rows).map((r) => r.key)).toEqual(['remoteScreen']);
    const table = formatTable(rows).split('\n');
    expect(table[1]).toMatch(/200\.0 KB +1 +200\.0 KB +ok$/);
    expect(table[2]).toMatch(/60\.0 KB +1 +60\.0 KB +OVER$/);
    expect(table[3]).toMatch(/976\.6 KB +1$/);
    expect(budgetCounts(rows)).toEqual({ numPassedTests: 1, numFailedTests: 1, numPendingTests: 0, numRuntimeErrorTestSuites: 0, success: false });
  });

  it('counts for npm test: one test per budget, and an audit that measured nothing as a failed run', () => {
    const rows = [
      { key: 'dashboard', label: 'b', bytes: 1, scripts: 1, budget: BUDGETS.dashboard },
      { key: 'remoteScreen', label: 'c', bytes: 1, scripts: 1, budget: BUDGETS.remoteScreen },
    ];
    expect(budgetCounts(rows)).toMatchObject({ numPassedTests: 2, numFailedTests: 0, numRuntimeErrorTestSuites: 0, success: true });
    expect(budgetCounts([])).toMatchObject({ numPassedTests: 0, numFailedTests: 0, numRuntimeErrorTestSuites: 1, success: false });
  });

  it('a part that could not be measured is one failed test, printed with its reason; the other parts still count', () => {
    const rows = [
      { key: 'siteHome', label: '(a) microsite /', bytes: 1, scripts: 1, budget: BUDGETS.siteHome },
      failedPart('portal', '(d) the portal', new Error('locator.waitFor: Timeout 30000ms exceeded.\nCall log: ...')),
    ];
    expect(rows[1]).toEqual({ key: 'portal', label: '(d) the portal', error: 'locator.waitFor: Timeout 30000ms exceeded.' });
    expect(overBudget(rows).map((r) => r.key)).toEqual(['portal']);
    expect(budgetCounts(rows)).toMatchObject({ numPassedTests: 1, numFailedTests: 1, numRuntimeErrorTestSuites: 0, success: false });
    expect(formatTable(rows).split('\n').at(-1)).toBe('(d) the portal: NOT MEASURED, locator.waitFor: Timeout 30000ms exceeded.');
  });

  it('accepts gzip and uncompressed scripts only', () => {
    const small = script('/tiny.js', 300, '');
    const brotli = script('/big.js', 1_000, 'br');
    expect(notGzip([main, small, brotli])).toEqual([brotli]);
  });
});
