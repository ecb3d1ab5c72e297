// What the curated shared entries (libs/web/shared-entries/, see libs/web/federation.shared.js)
// export, and what the web apps import from the packages they stand for. A name the apps use
// and an entry lacks would be `undefined` at run time (a shared module's exports are not known
// when an app is built), so shared-entries.spec.mjs compares the two.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the web bundles' own sources are: the web apps and libraries, and the contracts they bundle. */
export const WEB_SOURCE_DIRS = ['apps/web', 'libs/web', 'libs/contracts/src'];

/** Source files bundled into the web apps (tests, builds and dependencies excluded). */
export function webSourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', 'shared-entries'].includes(entry.name)) continue;
      const path = join(dir, entry.name);
      // The contracts' compatibility check runs in Node only: web code may not import it (tools/lint/boundaries.js).
      if (path === join(root, 'libs/contracts/src/compat')) continue;
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec|d)\.|\.config\.|jest\.environment/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of WEB_SOURCE_DIRS) walk(join(root, dir));
  return files;
}

/** Files of an installed package that a bundler may load (its ES modules). */
export function packageModuleFiles(dir) {
  const files = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(mjs|js)$/.test(entry.name)) files.push(path);
    }
  };
  walk(dir);
  return files;
}

const quoted = (request) => `['"]${request.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`;

/**
 * How `text` imports `request`: the value names it imports ({ a, b as c } → a, b; `type` ones
 * left out), and the forms whose names cannot be checked (a namespace or default import,
 * `export * from`).
 * @returns {{ names: string[], unchecked: string[] }}
 */
export function importsOf(text, request) {
  const from = quoted(request);
  const names = [];
  const unchecked = [];
  for (const match of text.matchAll(new RegExp(`(import|export)\\s*(type\\s*)?\\{([^}]*)\\}\\s*from\\s*${from}`, 'g'))) {
    if (match[2]) continue; // import type { ... }
    for (const part of match[3].split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      names.push(item.split(/\s+as\s+/)[0].trim());
    }
  }
  const forms = [
    new RegExp(`import\\s*\\*\\s*as\\s+[\\w$]+\\s*from\\s*${from}`, 'g'),
    new RegExp(`import\\s+[\\w$]+\\s*(,[^;]*)?from\\s*${from}`, 'g'),
    new RegExp(`export\\s*\\*\\s*(as\\s+[\\w$]+\\s*)?from\\s*${from}`, 'g'),
  ];
  for (const form of forms) for (const match of text.matchAll(form)) if (!/^import\s+type\s/.test(match[0])) unchecked.push(match[0]);
  return { names, unchecked };
}

/** The members of `z` that `text` calls or reads on (`z.object(`, `z.coerce.number`); `z.infer<…>` and other types are not values. */
export function zodMembersUsed(text) {
  return [...text.matchAll(/(?<![\w$.])z\s*\.([A-Za-z_$][\w$]*)\s*(?=[(.])/g)].map((m) => m[1]);
}

/**
 * The export names of each curated entry, as Node evaluates it (a separate process resolves
 * `real-package/<name>/…` to the installed package, as the web builds' alias does). An entry
 * re-exporting a name its package lacks fails here.
 * @param {string} root the workspace
 * @param {Record<string, string>} entries share request → entry file (absolute)
 * @returns {Record<string, { exports: string[], z?: string[] }>}
 */
export function entryExports(root, entries) {
  const hooks = `
    const PACKAGES = ${JSON.stringify(pathToFileURL(join(root, 'node_modules') + '/').href)};
    export async function resolve(specifier, context, next) {
      if (specifier.startsWith('real-package/')) return { url: new URL(specifier.slice('real-package/'.length), PACKAGES).href, shortCircuit: true };
      return next(specifier, context);
    }`;
  const script = `
    import { register } from 'node:module';
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));
    const entries = ${JSON.stringify(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, pathToFileURL(v).href])))};
    const out = {};
    for (const [request, url] of Object.entries(entries)) {
      const module = await import(url);
      out[request] = { exports: Object.keys(module), ...(module.z ? { z: Object.keys(module.z) } : {}) };
    }
    process.stdout.write(JSON.stringify(out));`;
  const env = { ...process.env, NODE_OPTIONS: '' };
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`Evaluating the shared entries failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** `file` relative to `root`, for messages. */
export const shown = (root, file) => relative(root, file);

/** Every file's text, read once. */
export function readAll(files) {
  return files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}
