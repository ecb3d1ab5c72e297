// Project boundaries, enforced by ESLint (`npm run lint` fails on a violation).
// Each workspace package declares `nx.tags` (scope:*, type:*). A constraint applies
// to every project carrying its `source` tag; an import of another project is allowed
// only if, for every constraint that applies, the target carries one of `allow`.
// Relative imports may not reach into another project, and packages are imported only
// through the entries their package.json `exports` name (no `@freight/x/src/...`).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const DATABASE_PACKAGES = ['typeorm', 'pg', '@nestjs/typeorm'];

export const constraints = [
  { source: 'type:contracts', allow: [], banned: ['@nestjs/', 'react', 'react-dom', 'typeorm', 'pg', '@nats-io/', '@mantine/'] },
  { source: 'scope:server', allow: ['type:contracts', 'scope:server'], banned: ['react', 'react-dom', '@mantine/'] },
  { source: 'type:service', allow: ['type:contracts', 'scope:server'] },
  { source: 'type:app', allow: ['type:contracts', 'scope:server'] },
  // Libraries build on one another in one direction: contracts <- lib <- database <- testing,
  // so the server core never loads TypeORM or pg, and the database lib never the test harness.
  { source: 'type:lib', allow: ['type:contracts', 'type:lib'], banned: DATABASE_PACKAGES },
  { source: 'type:database', allow: ['type:contracts', 'type:lib'] },
  // The gateway holds no data: no database lib, no ORM, no driver (its tests may use the harness).
  { source: 'scope:gateway', allow: ['type:contracts', 'type:lib', 'type:testing'], banned: DATABASE_PACKAGES },
  // The system tests drive the gateway in process against the services' builds, through the test harness.
  { source: 'type:tests', allow: ['type:contracts', 'type:lib', 'type:testing', 'scope:gateway'], banned: DATABASE_PACKAGES },
  // The contracts' compatibility check (`@freight/contracts/compat`) needs zod's JSON Schema, which the web apps' zod leaves out (ADR 18, 55).
  { source: 'scope:web', allow: ['type:contracts', 'scope:web'], banned: ['@nestjs/', 'typeorm', 'pg', '@nats-io/', 'argon2', 'jose', '@freight/contracts/'] },
  // Hosts and remotes meet only at run time (module federation), never by import.
  { source: 'type:host', allow: ['type:contracts', 'type:lib'] },
  { source: 'type:remote', allow: ['type:contracts', 'type:lib'] },
  // The public microsite stays small: no UI framework, no federation (issue 11).
  {
    source: 'type:site',
    allow: ['type:contracts', 'type:lib'],
    banned: ['react', 'react-dom', '@mantine/', '@tanstack/', '@module-federation/', '@freight/web-kit'],
  },
  { source: 'type:tools', allow: ['type:contracts', 'scope:server', 'scope:tools'] },
];

function loadProjects() {
  const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const dirs = rootPkg.workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return existsSync(join(root, parent)) ? readdirSync(join(root, parent)).map((d) => `${parent}/${d}`) : [];
  });
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      const entries = Object.keys(pkg.exports ?? {}).map((entry) => `${pkg.name}${entry.slice(1)}`);
      return { name: pkg.name, dir: resolve(root, dir), tags: pkg.nx?.tags ?? [], entries };
    });
}

const projects = loadProjects();
const byName = new Map(projects.map((p) => [p.name, p]));

function projectOf(file) {
  return projects.filter((p) => file === p.dir || file.startsWith(p.dir + sep)).sort((a, b) => b.dir.length - a.dir.length)[0];
}

/** Why `source` may not import `spec`, or undefined when it may. */
export function violation(source, spec, fileDir) {
  if (spec.startsWith('.')) {
    // Shared workspace files (jest.preset.js, ...) belong to no project and may be imported.
    const owner = projectOf(resolve(fileDir, spec));
    return !owner || owner === source ? undefined : `Relative import '${spec}' reaches into ${owner.name}; import it by its package name.`;
  }
  const applicable = constraints.filter((c) => source.tags.includes(c.source));
  const [scopeOrName, second] = spec.split('/');
  const pkgName = spec.startsWith('@') ? `${scopeOrName}/${second}` : scopeOrName;
  const target = byName.get(pkgName);
  if (target) {
    if (target === source) return undefined;
    if (spec !== pkgName && !target.entries.includes(spec)) return `Import ${pkgName} through its public entry, not '${spec}'.`;
    const refused = applicable.find((c) => !c.allow.some((tag) => target.tags.includes(tag)));
    return refused ? `${source.name} (${refused.source}) may not import ${target.name} (${target.tags.join(', ')}).` : undefined;
  }
  const banned = applicable.flatMap((c) => c.banned ?? []).find((b) => (b.endsWith('/') ? spec.startsWith(b) : pkgName === b));
  return banned ? `${source.name} may not import '${spec}' (${banned} is not allowed in ${source.tags.join(', ')}).` : undefined;
}

const projectImports = {
  meta: { type: 'problem', docs: { description: 'Enforce project boundaries from nx tags' }, schema: [] },
  create(context) {
    const file = context.filename;
    const source = projectOf(file);
    if (!source) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = violation(source, node.source.value, dirname(file));
      if (message) context.report({ node: node.source, message: `${message} (${relative(root, file)})` });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const boundariesPlugin = { rules: { 'project-imports': projectImports } };
