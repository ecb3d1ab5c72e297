import { ESLint } from 'eslint';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: fileURLToPath(new URL('./eslint.config.js', import.meta.url)) });

// The rule reads the other modules from disk: each test writes its modules into a folder of the workspace.
let dir;
beforeEach(() => {
  dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.cycles-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the modules (name → code) and returns the cycle rule's messages for `a.ts`. */
async function cycleErrors(modules) {
  for (const [name, code] of Object.entries(modules)) writeFileSync(join(dir, name), code);
  const [result] = await eslint.lintFiles([join(dir, 'a.ts')]);
  return result.messages.filter((m) => m.ruleId === 'imports/no-cycle').map((m) => m.message);
}

describe('import cycles', () => {
  it('names the shortest way back, through `.js` specifiers and type-only imports', async () => {
    const errors = await cycleErrors({
      'a.ts': `import { b } from './b.js';\nexport const a = b;\n`,
      'b.ts': `import type { C } from './c.js';\nexport const b: C = 1;\n`,
      'c.ts': `import { a } from './a.js';\nexport type C = typeof a;\n`,
    });
    expect(errors).toEqual(['Import cycle: a.ts → b.ts → c.ts → a.ts. Move what both need into a module of its own.']);
  });

  it('counts re-exports', async () => {
    const errors = await cycleErrors({
      'a.ts': `export * from './b.js';\nexport const a = 1;\n`,
      'b.ts': `export { a as b } from './a.js';\n`,
    });
    expect(errors).toEqual(['Import cycle: a.ts → b.ts → a.ts. Move what both need into a module of its own.']);
  });

  it('accepts imports in one direction, and a dynamic import back (a lazy load)', async () => {
    const errors = await cycleErrors({
      'a.ts': `import { b } from './b.js';\nimport { c } from './c.js';\nexport const a = b + c;\n`,
      'b.ts': `import { c } from './c.js';\nexport const b = c;\n`,
      'c.ts': `export const c = 1;\nexport const later = () => import('./a.js');\n`,
    });
    expect(errors).toEqual([]);
  });
});
