// The system tests (apps/system-tests) start every registered service from its `dist`
// (libs/server/testing, startRegisteredServices), and draw statement PDFs in worker threads that
// load the gateway's own `dist` (docs/adr/0043-replies-of-any-size-and-pdf-workers.md). Run after a
// source changed without a rebuild, they would test the old code and say nothing. So the run
// builds them first, through Nx: its cache answers in about 2 s when nothing changed, a changed
// source is rebuilt, and a build that fails stops the run with the compiler's output.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVICES } from '../dev/services.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** What the system tests run from `dist`: the gateway itself and every registered service (with the libraries they use). */
export const SYSTEM_TEST_BUILDS = ['@freight/gateway', ...SERVICES.map((service) => service.project)];

/**
 * Builds `projects` (and the libraries they use) in the workspace at `workspace` (this one unless
 * named; `env` added to Nx's environment); throws with Nx's output when a build fails.
 */
export default function buildProjects(projects = SYSTEM_TEST_BUILDS, { workspace = root, env = {} } = {}) {
  const run = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', ...projects, '--output-style=static'], {
    cwd: workspace,
    encoding: 'utf8',
    env: { ...process.env, NX_TUI: 'false', ...env },
  });
  if (run.status !== 0) {
    throw new Error(`Building ${projects.join(', ')} before the tests failed (exit ${run.status ?? run.signal}):\n${run.stdout}${run.stderr}`);
  }
}
