import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entityOf, parseArgs, UsageError } from './names.mjs';
import { main } from './new-resource.mjs';
import { applyPlan, applyRemove, planGenerate, planRemove } from './resource.mjs';

/** Whitespace and Prettier's trailing commas aside (the generator formats what it writes). */
const code = (text) =>
  text
    .replace(/\s+/g, '')
    .replace(/,([}\])])/g, '$1')
    .replace(/,$/, '');
const expectCode = (text, snippet) => expect(code(text)).toContain(code(snippet));

const repo = fileURLToPath(new URL('../..', import.meta.url));
/** What the generator reads and edits: the shared lists with their markers, as they are in the repository. */
const SHARED = [
  'libs/contracts/src',
  'apps/services/directory/src/app.module.ts',
  'apps/services/directory/src/migrations',
  'apps/web/master-data/src/routes.tsx',
  'apps/web/master-data/src/menu.ts',
  // An entity made with it, which a test removes and makes again.
  'apps/services/directory/src/forwarders',
  'apps/web/master-data/src/forwarders',
];
const STAMP = 1999999999000;

/** Every file under `dir`, relative to it, with its text. */
function snapshot(dir) {
  const files = {};
  const walk = (at) => {
    for (const entry of readdirSync(join(dir, at), { withFileTypes: true })) {
      const path = at ? `${at}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else files[path] = readFileSync(join(dir, path), 'utf8');
    }
  };
  walk('');
  return files;
}

let root;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'new-resource-'));
  for (const path of SHARED) cpSync(join(repo, path), join(root, path), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const silent = () => {
  const lines = [];
  const log = (...args) => lines.push(args.join(' '));
  return { lines, log: { log, warn: log, error: log } };
};
const run = (...argv) => {
  const out = silent();
  const code = main(argv, {}, root, out.log);
  return { code, output: out.lines.join('\n') };
};
const read = (path) => readFileSync(join(root, path), 'utf8');

describe('the command line', () => {
  it('takes the service, the name and options as `--option value` or `--option=value`', () => {
    expect(parseArgs(['directory', 'yard', '--fields', 'YardName:key', '--search=YardName', '--remove'])).toMatchObject({
      service: 'directory',
      name: 'yard',
      remove: true,
      options: { fields: 'YardName:key', search: 'YardName' },
    });
  });

  it('says to put `--` first when npm kept an option for itself (npm_config_<option>)', () => {
    expect(() => parseArgs(['directory', 'yard', 'YardName:key'], { npm_config_fields: 'true' })).toThrow(
      'npm kept --fields for itself: put -- before the arguments',
    );
  });

  it.each([
    [['directory', 'yard', '--colour', 'red'], 'unknown option --colour'],
    [['directory', 'yard', '--fields'], '--fields needs a value'],
    [['directory', 'yard', '--fields', '--search', 'x'], '--fields needs a value'],
    [['directory', 'yard', 'extra'], 'too many arguments: extra'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(new UsageError(message));
  });

  it('answers a usage error with the message and the usage, exit code 2, writing nothing', () => {
    const before = snapshot(root);
    const { code, output } = run('directory');
    expect(code).toBe(2);
    expect(output).toContain('new:resource: give a service and an entity name');
    expect(output).toContain('Usage:');
    expect(snapshot(root)).toEqual(before);
  });
});

describe('the entity the options describe', () => {
  it('spells the name every way the files need, with a key field by default', () => {
    const e = entityOf('directory', 'shipment-type');
    expect(e).toMatchObject({
      name: 'shipmentType',
      Name: 'ShipmentType',
      key: 'shipmentTypes',
      plural: 'shipmentTypes',
      table: 'shipment_type',
      file: 'shipment-type',
      folder: 'shipment-types',
      words: 'shipment type',
      pluralWords: 'shipment types',
      area: 'shipmentTypes',
      paths: { list: 'manageshipmenttype', add: 'addshipmenttype', edit: 'editshipmenttype' },
      sortFields: ['ShipmentTypeName'],
      searchFields: ['ShipmentTypeName'],
    });
    expect(e.fields).toEqual([{ name: 'ShipmentTypeName', column: 'shipment_type_name', type: 'key', optional: false, max: 100 }]);
    expect(entityOf('directory', 'entry').pluralWords).toBe('entries');
    expect(entityOf('directory', 'box').pluralWords).toBe('boxes');
  });

  it('reads fields with their types, optional marks and lengths; the key sorts first and multi-line text does not sort', () => {
    const e = entityOf('directory', 'forwarder', { fields: 'email:email,Forwarder:key,address?:text(200),remarks?:multiline', search: 'Forwarder,email' });
    expect(e.fields.map((f) => [f.name, f.column, f.type, f.optional, f.max])).toEqual([
      ['email', 'email', 'email', false, 254],
      ['Forwarder', 'forwarder', 'key', false, 100],
      ['address', 'address', 'text', true, 200],
      ['remarks', 'remarks', 'multiline', true, 2000],
    ]);
    expect(e.sortFields).toEqual(['Forwarder', 'email', 'address']);
    expect(e.searchFields).toEqual(['Forwarder', 'email']);
  });

  it.each([
    [{ fields: 'Name:number' }, 'Name has the type "number"'],
    [{ fields: 'Order:text' }, 'an SQL reserved word'],
    [{ fields: 'CreatedAt:text' }, 'which every table has already'],
    [{ fields: 'A:key,B:key' }, 'A and B are both typed key'],
    [{ fields: 'A?:key' }, 'A is the natural key: it cannot be optional'],
    [{ fields: 'A:key', search: 'B' }, '--search B: not one of the fields'],
    [{ fields: 'A:key', key: 'B' }, '--key B: not one of the fields'],
    [{ fields: 'A:key', rename: 'renameA' }, '--rename renameA'],
    [{ fields: 'A:key,Ab:text,ab:text' }, 'ab is given twice'],
    [{ plural: 'yard' }, '--plural: "yard" is the singular too'],
  ])('refuses %j', (options, message) => {
    expect(() => entityOf('directory', 'yard', options)).toThrow(message);
  });
});

describe('npm run new:resource / remove:resource on a copy of the workspace', () => {
  it('writes the files of a throw-away entity and one line per shared list, then takes exactly that away again', () => {
    const before = snapshot(root);
    const { code, output } = run('directory', 'widget', '--fields', 'WidgetName:key,Colour:text,Notes?:multiline', '--timestamp', String(STAMP));
    expect([code, output]).toEqual([0, expect.stringContaining('Undo: npm run remove:resource -- directory widget')]);

    const after = snapshot(root);
    const created = Object.keys(after).filter((path) => !(path in before));
    expect(created.sort()).toEqual(
      [
        'apps/services/directory/src/migrations/1999999999000-widget.ts',
        'apps/services/directory/src/widgets/widget.int-spec.ts',
        'apps/services/directory/src/widgets/widget.module.ts',
        'apps/web/master-data/src/widgets/widget.screens.tsx',
        'libs/contracts/src/directory/widget.resource.ts',
      ].sort(),
    );
    // Each shared list gains exactly its lines, above its marker.
    const added = (path) => {
      const old = new Set(before[path].split('\n'));
      return after[path].split('\n').filter((line) => !old.has(line));
    };
    const changed = Object.keys(before).filter((path) => before[path] !== after[path]);
    expect(changed.sort()).toEqual(
      [
        'apps/services/directory/src/app.module.ts',
        'apps/services/directory/src/migrations/index.ts',
        'apps/web/master-data/src/menu.ts',
        'apps/web/master-data/src/routes.tsx',
        'libs/contracts/src/index.ts',
        'libs/contracts/src/permissions.ts',
        'libs/contracts/src/resources.ts',
      ].sort(),
    );
    expect(added('libs/contracts/src/resources.ts')).toEqual(["import { widgets } from './directory/widget.resource.js';", '  widgets,']);
    expect(added('libs/contracts/src/index.ts')).toEqual(["export * from './directory/widget.resource.js';"]);
    expect(added('libs/contracts/src/permissions.ts')).toEqual([
      '  widgets: STAFF_EDIT_HEAD_DELETE, // new:resource default: all staff read and write, Head deletes',
    ]);
    expect(added('apps/services/directory/src/app.module.ts')).toEqual([
      "import { WidgetEntity, WidgetModule } from './widgets/widget.module.js';",
      '  WidgetEntity,',
      '        WidgetModule,',
    ]);
    expect(added('apps/services/directory/src/migrations/index.ts')).toEqual([
      "import { Widget1999999999000 } from './1999999999000-widget.js';",
      '  Widget1999999999000,',
    ]);
    // Prettier wraps the registration (its closing lines are like the other entities', so not "added").
    expect(added('apps/web/master-data/src/routes.tsx')).toEqual([
      "  ...resourceRoutes(() => import('./widgets/widget.screens.js'), {",
      "    area: 'widgets',",
      "    list: 'managewidget',",
      "    add: 'addwidget',",
      "    edit: 'editwidget/:WidgetName',",
    ]);
    expect(added('apps/web/master-data/src/menu.ts')).toEqual([
      "    { label: 'Manage Widget', group: 'Other Tools', path: 'managewidget', visibleTo: { area: 'widgets', action: 'read' } },",
    ]);

    const definition = after['libs/contracts/src/directory/widget.resource.ts'];
    expectCode(definition, '// Made by `npm run new:resource -- directory widget --fields WidgetName:key,Colour:text,Notes?:multiline`.');
    expectCode(
      definition,
      "schemas: masterDataSchemas('WidgetName', { WidgetName: keyText('Widget name', 100), Colour: requiredText('Colour'), Notes: z._default(multilineText('Notes'), '') }),",
    );
    expectCode(
      definition,
      "schemas: masterDataSchemas('WidgetName', { WidgetName: keyText('Widget name', 100), Colour: requiredText('Colour'), Notes: z._default(multilineText('Notes'), '') }), sortFields: ['WidgetName', 'Colour'], });",
    );
    const migration = after['apps/services/directory/src/migrations/1999999999000-widget.ts'];
    expectCode(
      migration,
      "export const Widget1999999999000 = masterDataMigration('Widget1999999999000', { table: 'directory.widget', key: 'widget_name', required: ['colour'], optional: ['notes'], sorts: ['colour'], search: ['widget_name'] });",
    );
    expectCode(after['apps/services/directory/src/widgets/widget.module.ts'], "masterDataModule(widgets, 'directory');");
    const intSpec = after['apps/services/directory/src/widgets/widget.int-spec.ts'];
    expectCode(intSpec, 'masterDataSuite(widgets, startDirectory, {');
    expectCode(intSpec, "change: { Colour: 'Colour changed', Notes: 'Notes changed' },");
    expectCode(intSpec, "invalid: { WidgetName: 'x'.repeat(101), Colour: 'x'.repeat(101), Notes: 'x'.repeat(2001) },");

    // The same name again is refused, and nothing changes.
    expect(run('directory', 'widget')).toEqual({ code: 2, output: expect.stringContaining('libs/contracts/src/directory/widget.resource.ts exists already') });
    expect(snapshot(root)).toEqual(after);

    // The definition remembers the options: the remove needs only the service and the name.
    expect(run('directory', 'widget', '--remove').code).toBe(0);
    expect(snapshot(root)).toEqual(before);
    expect(existsSync(join(root, 'apps/services/directory/src/widgets'))).toBe(false);
    expect(existsSync(join(root, 'apps/web/master-data/src/widgets'))).toBe(false);
  });

  it('with --no-screens writes no screens and leaves the remote alone (another app calls the routes); the remove reads the flag back', () => {
    const before = snapshot(root);
    const { code } = run('directory', 'gadget', '--fields', 'GadgetName:key,Notes:multiline', '--no-screens', '--timestamp', String(STAMP));
    expect(code).toBe(0);
    const after = snapshot(root);
    expect(
      Object.keys(after)
        .filter((path) => !(path in before))
        .sort(),
    ).toEqual(
      [
        'apps/services/directory/src/gadgets/gadget.int-spec.ts',
        'apps/services/directory/src/gadgets/gadget.module.ts',
        'apps/services/directory/src/migrations/1999999999000-gadget.ts',
        'libs/contracts/src/directory/gadget.resource.ts',
      ].sort(),
    );
    for (const path of ['apps/web/master-data/src/routes.tsx', 'apps/web/master-data/src/menu.ts']) expect([path, after[path]]).toEqual([path, before[path]]);
    expectCode(
      after['libs/contracts/src/directory/gadget.resource.ts'],
      '// Made by `npm run new:resource -- directory gadget --fields GadgetName:key,Notes:multiline --no-screens`.',
    );
    expectCode(after['apps/services/directory/src/gadgets/gadget.int-spec.ts'], "import { masterDataSuite } from '@freight/server-testing';");
    expect(run('directory', 'gadget', '--remove').code).toBe(0);
    expect(snapshot(root)).toEqual(before);
  });

  it('gives a specification entity its place back, and takes it again: spelling, renames, view, existing area, tile and not-yet-available routes', () => {
    // Forwarders are in the workspace: removing them gives back what new:resource took.
    const withForwarders = snapshot(root);
    applyRemove(root, planRemove(root, 'directory', 'forwarder'));
    const before = snapshot(root);
    expect(before['apps/web/master-data/src/routes.tsx']).toContain("'viewforwarder/:forwarderName': 'View Forwarder',");
    expect(before['apps/web/master-data/src/menu.ts']).toContain(
      "{ label: 'Manage Forwarder', group: CLIENTS, visibleTo: { area: 'forwarders', action: 'read' } },",
    );
    expect(
      Object.keys(withForwarders)
        .filter((path) => !(path in before))
        .sort(),
    ).toEqual(
      [
        'apps/services/directory/src/forwarders/forwarder.int-spec.ts',
        'apps/services/directory/src/forwarders/forwarder.module.ts',
        'apps/web/master-data/src/forwarders/forwarder.screens.tsx',
        'libs/contracts/src/directory/forwarder.resource.ts',
        Object.keys(withForwarders).find((path) => /migrations\/\d+-forwarder\.ts$/.test(path)),
      ].sort(),
    );

    // An entity of several words, with a URL key of its own and a rename of two fields.
    const options = {
      fields: 'ForwarderName:key,ForwarderCity:text,email?:email',
      url: 'ForwarderDesk',
      plural: 'forwarder-desks',
      rename: 'ForwarderName:newForwarderName,ForwarderCity:newForwarderCity',
      view: true,
      listPath: 'manageforwarder',
      addPath: 'addforwarder',
      editPath: 'editforwarder',
      viewPath: 'viewforwarder',
      area: 'forwarders',
      tile: 'Manage Forwarder',
    };
    const plan = planGenerate(root, 'directory', 'forwarder-desk', options, { timestamp: STAMP });
    applyPlan(root, plan);
    // The area exists (requirements decisions §4): the matrix is left alone. The specification's tile gets the path.
    expect(read('libs/contracts/src/permissions.ts')).toBe(before['libs/contracts/src/permissions.ts']);
    expect(read('apps/web/master-data/src/menu.ts')).toContain(
      "{ label: 'Manage Forwarder', group: CLIENTS, path: 'manageforwarder', visibleTo: { area: 'forwarders', action: 'read' } },",
    );
    // Its four screens are no longer "not available yet"; the note in the screens file says which rows went.
    const routes = read('apps/web/master-data/src/routes.tsx');
    expect(plan.laterScreens.map((line) => line.trim())).toEqual([
      "manageforwarder: 'Manage Forwarder',",
      "addforwarder: 'Add Forwarder',",
      "'viewforwarder/:forwarderName': 'View Forwarder',",
      "'editforwarder/:forwarderName': 'Edit Forwarder',",
    ]);
    for (const line of plan.laterScreens) expect(routes).not.toContain(line);
    expect(routes).toContain(
      "list: 'manageforwarder', add: 'addforwarder', edit: 'editforwarder/:ForwarderName', view: 'viewforwarder/:ForwarderName', listNeeds: 'read'",
    );
    const screens = read('apps/web/master-data/src/forwarder-desks/forwarder-desk.screens.tsx');
    expect(screens).toContain(" * 'viewforwarder/:forwarderName': 'View Forwarder',");
    expect(screens).toContain("fields: [['ForwarderName', 'Forwarder Name'], ['ForwarderCity', 'Forwarder City'], ['email', 'Email', 'email']]");
    // URL key and renames as the specification's calls say; what defineMasterData derives (replies, texts) is left out.
    const definition = read('libs/contracts/src/directory/forwarder-desk.resource.ts');
    expectCode(definition, "name: 'forwarderDesk', key: 'ForwarderDesk', area: 'forwarders', view: true, schemas:");
    expect(definition).not.toContain('replyKeys');
    expectCode(definition, "{ ForwarderName: 'newForwarderName', ForwarderCity: 'newForwarderCity' }),");
    expect(read('apps/services/directory/src/forwarder-desks/forwarder-desk.int-spec.ts')).toContain(
      "change: { newForwarderName: 'Forwarder name renamed', newForwarderCity: 'Forwarder city changed', email: 'changed@example.com' },",
    );

    applyRemove(root, planRemove(root, 'directory', 'forwarder-desk'));
    const after = snapshot(root);
    // The not-yet-available rows come back (at the end of their list); everything else is as it was.
    expect(after['apps/web/master-data/src/routes.tsx'].split('\n').sort()).toEqual(before['apps/web/master-data/src/routes.tsx'].split('\n').sort());
    expect({ ...after, 'apps/web/master-data/src/routes.tsx': '' }).toEqual({ ...before, 'apps/web/master-data/src/routes.tsx': '' });
  });

  it('refuses, writing nothing, an unknown service, a missing marker and a name too long for an index', () => {
    const before = snapshot(root);
    expect(run('billing', 'widget').output).toContain('"billing" is not a service of the registry');
    const resources = join(root, 'libs/contracts/src/resources.ts');
    writeFileSync(resources, before['libs/contracts/src/resources.ts'].replace('  // new:resource entries\n', ''));
    expect(run('directory', 'widget').output).toContain('libs/contracts/src/resources.ts has no marker "// new:resource entries"');
    writeFileSync(resources, before['libs/contracts/src/resources.ts']);
    expect(run('directory', 'widget', '--fields', `${'Very'.repeat(15)}Name:key`).output).toContain('is longer than Postgres keeps (63)');
    expect(snapshot(root)).toEqual(before);
  });

  it('removes what is left of a half-removed entity and reports what it could not find', () => {
    applyPlan(root, planGenerate(root, 'directory', 'widget', {}, { timestamp: STAMP }));
    const index = join(root, 'libs/contracts/src/index.ts');
    writeFileSync(index, readFileSync(index, 'utf8').replace("export * from './directory/widget.resource.js';\n", ''));
    const plan = planRemove(root, 'directory', 'widget');
    expect(plan.warnings).toEqual(["libs/contracts/src/index.ts: not found, left as it is: export * from './directory/widget.resource.js';"]);
    applyRemove(root, plan);
    expect(Object.keys(snapshot(root)).filter((path) => path.includes('widget'))).toEqual([]);
  });
});
