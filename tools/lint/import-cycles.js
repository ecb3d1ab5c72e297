// No import cycles (ADR 52): a module may not import, directly or through other modules, a
// module that imports it back. Every static import and re-export of a relative path counts,
// `import type` too (a cycle of types still ties the files together for the reader); a dynamic
// `import()` does not (it loads later, as a lazy screen). Imports of packages cannot close a cycle
// inside a project, and the boundary rule keeps projects from importing each other in a circle.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The file a relative specifier names: `./x.js` is `x.ts` (or `.tsx`) in TypeScript sources. */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** The static imports of a file on disk, parsed once per version of the file. */
const importsCache = new Map();
function importsOf(file) {
  const { mtimeMs } = statSync(file);
  const cached = importsCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.imports;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const imports = source.statements
    .filter((statement) => ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))
    .flatMap(({ moduleSpecifier }) => (moduleSpecifier && ts.isStringLiteral(moduleSpecifier) ? [resolveImport(file, moduleSpecifier.text)] : []))
    .filter(Boolean);
  importsCache.set(file, { mtimeMs, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `file`, or undefined when there is none. */
function pathBack(start, file) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  for (let next = 0; next < queue.length; next++) {
    const current = queue[next];
    if (current === file) {
      const chain = [];
      for (let at = current; at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
      return chain;
    }
    for (const imported of importsOf(current)) {
      if (!cameFrom.has(imported)) {
        cameFrom.set(imported, current);
        queue.push(imported);
      }
    }
  }
  return undefined;
}

const noCycle = {
  meta: { type: 'problem', docs: { description: 'Forbid import cycles between the modules of a project' }, schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      if (typeof node.source?.value !== 'string') return;
      const target = resolveImport(file, node.source.value);
      const chain = target && pathBack(target, file);
      if (!chain) return;
      const names = [file, ...chain].map((step) => relative(dirname(file), step));
      context.report({ node: node.source, message: `Import cycle: ${names.join(' → ')}. Move what both need into a module of its own.` });
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check };
  },
};

export const importCyclesPlugin = { rules: { 'no-cycle': noCycle } };
