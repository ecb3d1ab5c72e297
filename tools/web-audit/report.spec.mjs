import { describe, expect, it } from '@jest/globals';
import { BUDGETS, added, budgetCounts, figures, formatTable, notGzip, overBudget, total, unique } from './report.mjs';

const script = (path, bytes, encoding = 'gzip') => ({ url: `http://127.0.0.1:8080${path}`, bytes, decoded: bytes * 3, encoding });

describe('the web audit figures', () => {
  const main = script('/main.js', 30_000);
  const react = script('/react.js', 60_000);
  const signIn = script('/sign-in.js', 5_000);
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

  it('(b) is everything up to the dashboard, (c) only what the deep link adds to a cold dashboard', () => {
    const rows = figures({
      signIn: [main, react, signIn],
      dashboard: [main, react, signIn, shell],
      coldDashboard: [main, react, shell],
      deepLink: [main, react, shell, remoteEntry, screen],
    });
    expect(rows.map((r) => [r.key, r.bytes, r.scripts, r.budget])).toEqual([
      ['signIn', 95_000, 3, undefined],
      ['dashboard', 99_000, 4, BUDGETS.dashboard],
      ['remoteScreen', 29_000, 2, BUDGETS.remoteScreen],
      ['deepLink', 123_000, 5, undefined],
    ]);
  });

  it('holds (b) to 200 KB and (c) to 60 KB, and says which figure is over', () => {
    expect(BUDGETS).toEqual({ dashboard: 204_800, remoteScreen: 61_440 });
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

  it('accepts gzip and uncompressed scripts only', () => {
    const small = script('/tiny.js', 300, '');
    const brotli = script('/big.js', 1_000, 'br');
    expect(notGzip([main, small, brotli])).toEqual([brotli]);
  });
});
