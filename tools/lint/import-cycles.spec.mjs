import { ESLint } from 'eslint';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browser } from './eslint.config.js';

/** The `import/no-cycle` messages of the web projects' lint for these modules, written to a folder of their own. */
async function cycles(files) {
  const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  try {
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: browser });
    const results = await eslint.lintFiles(Object.keys(files));
    return results.flatMap((result) =>
      result.messages.filter((m) => m.ruleId === 'import/no-cycle').map((m) => `${result.filePath.slice(dir.length + 1)}:${m.line}`),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('import cycles in the web projects', () => {
  it('refuses two TypeScript modules that import each other, as `./x.js` names `x.ts`', async () => {
    const found = await cycles({
      'providers.tsx': `import { HEADER_HEIGHT } from './services.js';\nexport const height = HEADER_HEIGHT;\n`,
      'services.tsx': `import { height } from './providers.js';\nexport const HEADER_HEIGHT = 60;\nexport const twice = () => height * 2;\n`,
    });
    expect(found.sort()).toEqual(['providers.tsx:1', 'services.tsx:1']);
  });

  it('counts a dynamic import(): a chunk loaded later that imports its loader is a cycle too', async () => {
    const found = await cycles({
      'providers.tsx': `export const HEADER_HEIGHT = 60;\nexport const load = () => import('./services.js');\n`,
      'services.tsx': `import { HEADER_HEIGHT } from './providers.js';\nexport const top = HEADER_HEIGHT;\n`,
    });
    expect(found.sort()).toEqual(['providers.tsx:2', 'services.tsx:1']);
  });

  it('lets modules share a third one without a cycle', async () => {
    const found = await cycles({
      'theme.ts': `export const HEADER_HEIGHT = 60;\n`,
      'providers.tsx': `import { HEADER_HEIGHT } from './theme.js';\nexport const load = () => import('./services.js');\nexport const top = HEADER_HEIGHT;\n`,
      'services.tsx': `import { HEADER_HEIGHT } from './theme.js';\nexport const top = HEADER_HEIGHT;\n`,
    });
    expect(found).toEqual([]);
  });
});
