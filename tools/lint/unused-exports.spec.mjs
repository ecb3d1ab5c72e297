import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const check = fileURLToPath(new URL('./unused-exports.mjs', import.meta.url));

/** Runs the check of `npm run lint` over the whole workspace as it is on disk: its exit code and output. */
function unusedExports() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [check], { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

// knip reads the modules from disk: the test plants its modules in a folder of the workspace, a test
// file (an entry, as every spec is) that imports one of two exports, and a module nothing imports.
let dir;
beforeEach(() => {
  dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.unused-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('unused exports (knip)', () => {
  it('fails on an export nothing imports and on a file nothing imports, naming them', async () => {
    writeFileSync(join(dir, 'planted.spec.mjs'), `import { usedExport } from './planted.mjs';\n\nit('uses one export', () => expect(usedExport).toBe(1));\n`);
    writeFileSync(join(dir, 'planted.mjs'), `export const usedExport = 1;\nexport const plantedUnusedExport = 2;\n`);
    writeFileSync(join(dir, 'orphan.mjs'), `export const orphan = 3;\n`);
    const { code, output } = await unusedExports();
    const folder = relative(root, dir);
    expect(code).toBe(1);
    expect(output).toMatch(new RegExp(`plantedUnusedExport +${folder}/planted\\.mjs:2`));
    expect(output).toContain(`${folder}/orphan.mjs`);
    expect(output).not.toMatch(/\busedExport\b/);
  }, 60_000);
});
