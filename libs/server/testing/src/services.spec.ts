import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serviceRegistry, type ServiceEntry } from '@freight/contracts';

const [first] = serviceRegistry();
import { REPOSITORY_ROOT, builtEntry, startRegisteredServices } from './services.js';

const unbuilt: ServiceEntry = { ...first!, entry: `${first!.root}/dist/never-built.js` };

describe('registered services for tests', () => {
  it("resolve the registry's paths from the repository root", () => {
    expect(existsSync(join(REPOSITORY_ROOT, 'libs/contracts/src/services.json'))).toBe(true);
    expect(builtEntry(first!, 'package.json')).toBe(join(REPOSITORY_ROOT, 'package.json'));
  });

  it('refuse to start before anything is created when a service is not built, naming the build command', async () => {
    await expect(startRegisteredServices({ namespace: 't0.', services: [unbuilt] })).rejects.toThrow(
      `The ${unbuilt.name} service is not built (${join(REPOSITORY_ROOT, unbuilt.entry)}). Run: npx nx build ${unbuilt.project}`,
    );
  });
});
