import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES } from '../dev/services.mjs';
import buildProjects from './build-services.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Issue 21, item 22: the gateway's integration tests ran the services' `dist` as it was, so a
// service edited without a rebuild was tested as its old code, silently. Their jest setup
// (services-setup.js) now builds first. A `dist` that is not what its source builds to stands
// here for the old build (the provision entry: no test runs it while this one does).
describe('building the registered services before the system tests', () => {
  it('replaces a service build that does not match its source', () => {
    const service = SERVICES.find((s) => s.provision);
    const file = join(ROOT, service.provision);
    const built = readFileSync(file, 'utf8');
    writeFileSync(file, "throw new Error('an old build');\n");
    try {
      buildProjects();
      expect(readFileSync(file, 'utf8')).toBe(built);
    } finally {
      writeFileSync(file, built);
    }
  }, 300_000);
});
