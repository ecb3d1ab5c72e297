/**
 * The e2e files in a fixed order, by name, with the shipment journey first: it expects its job
 * to be the run's first (IMP-000001), and other files add jobs too. Jest's own order (slowest
 * or last failed first) would change from run to run.
 */
export default class E2eOrder {
  /** @param {Array<{ path: string }>} tests */
  sort(tests) {
    const rank = (test) => (test.path.endsWith('/shipment-journey.e2e-spec.mjs') ? 0 : 1);
    return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
  }

  /** Jest calls this after a run; the order keeps no timings. */
  cacheResults() {}
}
