// `npm run new:resource <service> <name>`: plans the files of an entity and the lines that
// register it, checks everything first, then writes; `--remove` undoes exactly that. The
// registrations go where a marker comment says (`// new:resource <slot>`), one line each,
// so every shared list is edited by the generator only, and can be edited back.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError, entityOf } from './names.mjs';
import * as t from './templates.mjs';

export { UsageError } from './names.mjs';

export const MARKER = '// new:resource';
/** The permission row the generator gives a new area; its comment tells `--remove` the row is still the generator's. */
const AREA_ROW = (area) => `${area}: STAFF_EDIT_HEAD_DELETE, // new:resource default: all staff read and write, Head deletes`;

/** Where an entity's files go, relative to the workspace root. */
export function layout(e) {
  const service = `apps/services/${e.service}/src`;
  const web = `apps/web/${e.remote}/src`;
  return {
    definition: `libs/contracts/src/${e.service}/${e.file}.resource.ts`,
    serviceFolder: `${service}/${e.folder}`,
    module: `${service}/${e.folder}/${e.file}.module.ts`,
    intSpec: `${service}/${e.folder}/${e.file}.int-spec.ts`,
    migrations: `${service}/migrations`,
    webFolder: `${web}/${e.folder}`,
    screens: `${web}/${e.folder}/${e.file}.screens.tsx`,
    // The shared lists, each with its markers.
    resources: 'libs/contracts/src/resources.ts',
    contractsIndex: 'libs/contracts/src/index.ts',
    permissions: 'libs/contracts/src/permissions.ts',
    services: 'libs/contracts/src/services.json',
    appModule: `${service}/app.module.ts`,
    migrationsIndex: `${service}/migrations/index.ts`,
    routes: `${web}/routes.tsx`,
    menu: `${web}/menu.ts`,
  };
}

/** The command line that made the entity, as its definition records it (and `--remove` reads back). */
export function commandLine(e, args) {
  const parts = ['npm run new:resource --', e.service, e.file];
  for (const [option, value] of Object.entries(args)) {
    if (value === undefined || value === false) continue;
    if (value === true) {
      parts.push(`--${option}`);
      continue;
    }
    if (String(value).includes('"')) throw new UsageError(`--${option}: a value cannot contain "`);
    parts.push(`--${option}`, /^[\w,:?().-]+$/.test(String(value)) ? String(value) : `"${value}"`);
  }
  return parts.join(' ');
}

/** Reads back `// Made by \`npm run new:resource -- …\`` from a definition. */
export function recordedArgs(definition) {
  const line = /Made by `npm run new:resource -- ([^`]*)`/.exec(definition)?.[1];
  if (line === undefined) return undefined;
  const tokens = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
  return tokens;
}

/** Command-line option names of entityOf's options. */
export const OPTION_FLAGS = {
  fields: 'fields',
  key: 'key',
  search: 'search',
  plural: 'plural',
  url: 'url',
  area: 'area',
  rename: 'rename',
  remote: 'remote',
  listPath: 'list-path',
  addPath: 'add-path',
  editPath: 'edit-path',
  view: 'view',
  viewPath: 'view-path',
  menuAction: 'menu-action',
  group: 'group',
  tile: 'tile',
  noScreens: 'no-screens',
};

/** The lines that register the entity, by file and marker slot. */
export function registrations(e, files, migrationName) {
  const rows = [
    { file: files.resources, slot: 'imports', line: `import { ${e.plural} } from './${e.service}/${e.file}.resource.js';` },
    { file: files.resources, slot: 'entries', line: `${e.plural},` },
    { file: files.contractsIndex, slot: 'exports', line: `export * from './${e.service}/${e.file}.resource.js';` },
    { file: files.appModule, slot: 'imports', line: `import { ${e.Name}Entity, ${e.Name}Module } from './${e.folder}/${e.file}.module.js';` },
    { file: files.appModule, slot: 'entities', line: `${e.Name}Entity,` },
    { file: files.appModule, slot: 'modules', line: `${e.Name}Module,` },
  ];
  if (!e.screens) return [...rows, ...migrationRows(files, migrationName)];
  rows.push(
    // Shared by every generated entity's line: added with the first, taken out with the last.
    { file: files.routes, slot: 'imports', line: `import { resourceRoutes } from './resource-routes.js';`, sharedBy: /\.\.\.resourceRoutes\(/ },
    {
      file: files.routes,
      slot: 'routes',
      line: `...resourceRoutes(() => import('./${e.folder}/${e.file}.screens.js'), { area: '${e.area}', list: '${e.paths.list}', add: '${e.paths.add}', edit: '${e.paths.edit}/:${e.naturalKey.name}', ${e.paths.view ? `view: '${e.paths.view}/:${e.naturalKey.name}', ` : ''}listNeeds: '${e.menuAction}' }),`,
    },
  );
  return [...rows, ...migrationRows(files, migrationName)];
}

function migrationRows(files, migrationName) {
  if (!migrationName) return [];
  return [
    { file: files.migrationsIndex, slot: 'imports', line: `import { ${migrationName.cls} } from './${migrationName.file}.js';` },
    { file: files.migrationsIndex, slot: 'migrations', line: `${migrationName.cls},` },
  ];
}

const read = (root, file) => readFileSync(join(root, file), 'utf8');

/** Inserts `line` above the marker of `slot`, with the marker's indentation. */
export function insertAtMarker(text, slot, line, file) {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.trim() === `${MARKER} ${slot}`);
  if (at < 0) throw new UsageError(`${file} has no marker "${MARKER} ${slot}"; put it back where the generator adds ${slot}`);
  const indent = /^\s*/.exec(lines[at])[0];
  lines.splice(at, 0, indent + line);
  return lines.join('\n');
}

/** `text` without whitespace and without the trailing commas Prettier adds: the same code reads the same. */
const normalised = (text) => text.replace(/\s+/g, '').replace(/,([}\])])/g, '$1');

/**
 * Removes the first statement that is `line` (whatever its indentation, also when Prettier has
 * wrapped it over several lines); undefined when there is none.
 */
export function removeLine(text, line) {
  const lines = text.split('\n');
  const wanted = normalised(line);
  for (let at = 0; at < lines.length; at++) {
    if (!normalised(lines[at])) continue;
    let raw = '';
    for (let end = at; end < lines.length; end++) {
      raw += `${lines[end]}\n`;
      const code = normalised(raw);
      if (code === wanted) {
        lines.splice(at, end - at + 1);
        return lines.join('\n');
      }
      if (!wanted.startsWith(code.replace(/,$/, ''))) break;
    }
  }
  return undefined;
}

/** The areas of the permission matrix (permissions.ts). */
export function knownAreas(permissions) {
  const matrix = /const matrix = \{([\s\S]*?)\n\} as const/.exec(permissions)?.[1] ?? '';
  return [...matrix.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]);
}

/** LATER_SCREENS rows (routes.tsx) of the screens the entity now has: they go, and come back on --remove. */
export function laterScreenLines(routes, e) {
  const block = /LATER_SCREENS[^=]*= \{\n([\s\S]*?)\n\};/.exec(routes)?.[1] ?? '';
  const ours = new Set(Object.values(e.paths).map((p) => p.toLowerCase()));
  return block.split('\n').filter((line) => {
    const path = /^\s*'?([^':/]+)/.exec(line)?.[1];
    return path !== undefined && ours.has(path.toLowerCase());
  });
}

/** The menu tile (menu.ts): a new line, or the path added to the specification's tile of the same label. */
function tileLine(e) {
  const group = JSON.stringify(e.group).replace(/^"|"$/g, "'");
  return `{ label: '${e.tileLabel}', group: ${group}, path: '${e.paths.list}', visibleTo: { area: '${e.area}', action: '${e.menuAction}' } },`;
}
const tilePath = (e) => `path: '${e.paths.list}', `;
const tileOf = (menu, e) => menu.split('\n').findIndex((l) => l.includes(`label: '${e.tileLabel}'`));

/**
 * What `new:resource` would do, checked against the workspace at `root`: the files to create and
 * the shared files' new text. Throws UsageError, writing nothing, when anything is off.
 * @param {string} root
 * @param {string} service
 * @param {string} name
 * @param {Record<string, string | boolean | undefined>} [options] (`view` is a flag)
 * @param {{ timestamp?: number }} [extra]
 */
export function planGenerate(root, service, name, options = {}, { timestamp } = {}) {
  const e = entityOf(service, name, options);
  const files = layout(e);
  const problems = [];

  const services = JSON.parse(read(root, files.services)).services.map((entry) => entry.name);
  if (!services.includes(service)) problems.push(`"${service}" is not a service of the registry (libs/contracts/src/services.json: ${services.join(', ')})`);
  for (const file of [files.appModule, files.migrationsIndex])
    if (!existsSync(join(root, file))) problems.push(`${file} is missing: is "${service}" a service?`);
  for (const file of e.screens ? [files.routes, files.menu] : [])
    if (!existsSync(join(root, file))) problems.push(`${file} is missing: is "${e.remote}" a web remote (--remote)?`);
  for (const file of [files.definition, files.serviceFolder, ...(e.screens ? [files.webFolder] : [])])
    if (existsSync(join(root, file)))
      problems.push(`${file} exists already: "${name}" is taken (npm run remove:resource ${service} ${name} removes a generated one)`);
  if (problems.length) throw new UsageError(problems.join('\n'));

  const resources = read(root, files.resources);
  // A definition's URL key: its `key`, else (defineMasterData's default) its plural, else its name + s.
  const option = (text, name) => new RegExp(`^\\s*${name}: '(\\w+)',`, 'm').exec(text)?.[1];
  const urlKeyOf = (text) => option(text, 'key') ?? option(text, 'plural') ?? `${option(text, 'name')}s`;
  if (new RegExp(`^\\s*${e.plural},`, 'm').test(resources) || new RegExp(`import \\{ ${e.plural} \\}`).test(resources))
    problems.push(`libs/contracts/src/resources.ts has ${e.plural} already`);
  const contractsDir = join(root, 'libs/contracts/src');
  for (const folder of readdirSync(contractsDir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(contractsDir, folder.name)).filter((f) => f.endsWith('.resource.ts'))) {
      const text = readFileSync(join(contractsDir, folder.name, file), 'utf8');
      if (urlKeyOf(text) === e.key) problems.push(`the URL key "${e.key}" is ${folder.name}/${file}'s (--url)`);
      if (folder.name === service && new RegExp(`^\\s*name: '${e.name}',`, 'm').test(text))
        problems.push(`"${service}.${e.name}" is ${folder.name}/${file}'s subject prefix`);
    }
  }
  for (const index of t.indexNames(e))
    if (index.length > 63) problems.push(`index name ${index} is longer than Postgres keeps (63): shorten the entity or field name`);
  if (problems.length) throw new UsageError(problems.join('\n'));

  const migrationsDir = join(root, files.migrations);
  const latest = Math.max(0, ...readdirSync(migrationsDir).map((f) => Number(/^(\d+)-/.exec(f)?.[1] ?? 0)));
  const stamp = timestamp ?? Math.max(Date.now(), latest + 1);
  if (stamp <= latest) throw new UsageError(`--timestamp ${stamp}: must be after the latest migration (${latest})`);
  const migration = { cls: t.migrationClass(e, stamp), file: t.migrationFile(e, stamp) };

  // The shared files' new text.
  const edits = new Map();
  const text = (file) => edits.get(file) ?? read(root, file);
  for (const row of registrations(e, files, migration)) {
    if (
      row.sharedBy &&
      text(row.file)
        .split('\n')
        .some((l) => l.trim() === row.line)
    )
      continue;
    edits.set(row.file, insertAtMarker(text(row.file), row.slot, row.line, row.file));
  }
  const permissions = read(root, files.permissions);
  if (!knownAreas(permissions).includes(e.area)) edits.set(files.permissions, insertAtMarker(permissions, 'areas', AREA_ROW(e.area), files.permissions));
  const later = e.screens ? screenEdits(e, files, text, edits) : [];

  const args = Object.fromEntries(Object.entries(OPTION_FLAGS).map(([option, flag]) => [flag, options[option]]));
  const made = `// Made by \`${commandLine(e, args)}\`.\n`;
  const create = [
    [files.definition, t.contractsDefinition(e).replace(/\/\/ Made by `[^\n]*\n/, made)],
    [files.module, t.serviceModule(e)],
    [files.intSpec, t.serviceIntSpec(e)],
    [`${files.migrations}/${migration.file}.ts`, t.migration(e, stamp)],
    ...(e.screens ? [[files.screens, t.webScreens(e, later)]] : []),
  ];
  return { entity: e, files, create, edits, migration, laterScreens: later };
}

/** The remote's routes and menu with the entity's screens and tile; answers the LATER_SCREENS rows it took out. */
function screenEdits(e, files, text, edits) {
  const later = laterScreenLines(text(files.routes), e);
  let routes = text(files.routes);
  for (const line of later) routes = removeLine(routes, line);
  edits.set(files.routes, routes);
  const menu = text(files.menu);
  const existing = tileOf(menu, e);
  if (existing >= 0) {
    const lines = menu.split('\n');
    if (/\bpath:/.test(lines[existing])) throw new UsageError(`${files.menu}: the tile '${e.tileLabel}' has a path already (--tile)`);
    lines[existing] = lines[existing].replace(/visibleTo:/, `${tilePath(e)}visibleTo:`);
    edits.set(files.menu, lines.join('\n'));
  } else {
    edits.set(files.menu, insertAtMarker(menu, 'tiles', tileLine(e), files.menu));
  }
  return later;
}

/** Writes a plan: the new files, then the shared files' edits. */
export function applyPlan(root, plan) {
  for (const [file, text] of plan.create) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text, { flag: 'wx' });
  }
  for (const [file, text] of plan.edits) writeFileSync(join(root, file), text);
}

/**
 * What `--remove` would do: delete the entity's files and take its lines out of the shared files.
 * The options come from the definition's "Made by" line, so the same command undoes any entity.
 * A registration line edited since is reported, not guessed at.
 */
export function planRemove(root, service, name, options = {}) {
  const guess = layout(entityOf(service, name, options));
  let recorded = options;
  if (existsSync(join(root, guess.definition))) {
    const tokens = recordedArgs(read(root, guess.definition));
    if (tokens) {
      const byFlag = Object.fromEntries(Object.entries(OPTION_FLAGS).map(([option, flag]) => [flag, option]));
      recorded = {};
      for (let i = 2; i < tokens.length; i++) {
        const flag = byFlag[tokens[i].replace(/^--/, '')];
        // A flag (--view) stands alone; an option takes the next token.
        recorded[flag] = tokens[i + 1] === undefined || tokens[i + 1].startsWith('--') ? true : tokens[++i];
      }
    }
  }
  const e = entityOf(service, name, recorded);
  const files = layout(e);
  const warnings = [];

  const migrationsDir = join(root, files.migrations);
  const migrationFile = existsSync(migrationsDir) ? readdirSync(migrationsDir).find((f) => new RegExp(`^\\d+-${e.file}\\.ts$`).test(f)) : undefined;
  const migration = migrationFile ? { file: migrationFile.replace(/\.ts$/, ''), cls: `${e.Name}${/^(\d+)/.exec(migrationFile)[1]}` } : undefined;

  const remove = [files.definition, files.module, files.intSpec, files.screens, ...(migration ? [`${files.migrations}/${migration.file}.ts`] : [])].filter(
    (file) => existsSync(join(root, file)),
  );
  const others = (folder) => (existsSync(join(root, folder)) ? readdirSync(join(root, folder)).filter((f) => !remove.includes(`${folder}/${f}`)) : []);
  for (const folder of [files.serviceFolder, ...(e.screens ? [files.webFolder] : [])]) {
    const left = others(folder);
    if (left.length) warnings.push(`${folder} keeps files the generator did not write: ${left.join(', ')}`);
  }

  const edits = new Map();
  const text = (file) => edits.get(file) ?? read(root, file);
  const take = (file, line) => {
    if (!existsSync(join(root, file))) return warnings.push(`${file} is missing; nothing taken out of it`);
    const after = removeLine(text(file), line);
    if (after === undefined) warnings.push(`${file}: not found, left as it is: ${line.trim()}`);
    else edits.set(file, after);
  };
  const rows = registrations(e, files, migration);
  for (const row of rows.filter((r) => !r.sharedBy)) take(row.file, row.line);
  for (const row of rows.filter((r) => r.sharedBy && existsSync(join(root, r.file)))) {
    if (!row.sharedBy.test(text(row.file))) take(row.file, row.line);
  }
  if (!migration) warnings.push(`${files.migrations}: no migration *-${e.file}.ts`);

  const permissions = read(root, files.permissions);
  const areaRow = removeLine(permissions, AREA_ROW(e.area));
  if (areaRow !== undefined) edits.set(files.permissions, areaRow);

  if (e.screens && existsSync(join(root, files.menu))) {
    const menu = text(files.menu);
    const without = removeLine(menu, tileLine(e));
    if (without !== undefined) edits.set(files.menu, without);
    else if (menu.includes(tilePath(e))) edits.set(files.menu, menu.replace(tilePath(e), ''));
    else warnings.push(`${files.menu}: no tile '${e.tileLabel}' with path '${e.paths.list}'; left as it is`);
  }

  // The LATER_SCREENS rows the generator took out come back, at the end of the list.
  if (existsSync(join(root, files.screens)) && existsSync(join(root, files.routes))) {
    const note = /took these screens out of LATER_SCREENS[^\n]*\n((?: \* [^\n]*\n)+)/.exec(read(root, files.screens))?.[1];
    const rows = note
      ? note
          .split('\n')
          .filter(Boolean)
          .map((l) => l.replace(/^ \* /, ''))
      : [];
    if (rows.length) {
      const routes = text(files.routes);
      const end = /(LATER_SCREENS[^=]*= \{\n[\s\S]*?)(\n\};)/.exec(routes);
      if (end) edits.set(files.routes, routes.replace(end[0], `${end[1]}\n${rows.map((r) => `  ${r}`).join('\n')}${end[2]}`));
      else warnings.push(`${files.routes}: no LATER_SCREENS to put back ${rows.join(' ')}`);
    }
  }
  return { entity: e, files, remove, edits, warnings, folders: [files.serviceFolder, ...(e.screens ? [files.webFolder] : [])] };
}

/** Deletes the files, writes the edits, and removes the entity's folders when they are empty. */
export function applyRemove(root, plan) {
  for (const file of plan.remove) rmSync(join(root, file));
  for (const [file, text] of plan.edits) writeFileSync(join(root, file), text);
  for (const folder of plan.folders) {
    if (existsSync(join(root, folder)) && readdirSync(join(root, folder)).length === 0) rmdirSync(join(root, folder));
  }
}
