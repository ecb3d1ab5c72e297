// The files `npm run new:resource` writes for an entity (see names.mjs for `e`), each a plain
// function of the entity: the contracts definition, the service's entity, repository, handlers,
// module, migration and integration test, and the web screens. What they sit on is shared and
// written once: defineMasterData (contracts), masterDataModule and masterDataMigration
// (libs/server/database), the master-data suite, and the remote's masterDataScreens.
import { SERVICES } from '@freight/contracts';
import { columnOf, messageLabel, screenLabel } from './names.mjs';

const q = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The zod schema of a field in the add body. */
function fieldSchema(f) {
  const label = q(messageLabel(f.name));
  const max = f.max === 100 ? '' : `, ${f.max}`;
  switch (f.type) {
    case 'key':
      return `keyText(${label}, ${f.max})`;
    // zod/mini: no methods, so a default and a minimum wrap the field's schema.
    case 'text':
      return f.optional ? `z._default(optionalText(${label}${max}), '')` : `requiredText(${label}${max})`;
    case 'multiline': {
      const base = `multilineText(${label}${f.max === 2000 ? '' : `, ${f.max}`})`;
      return f.optional ? `z._default(${base}, '')` : `z.pipe(${base}, z.string().check(z.minLength(1, ${q(`${messageLabel(f.name)} is required`)})))`;
    }
    case 'email':
      return f.optional ? `z._default(optionalEmailField, '')` : 'emailField';
    case 'phone':
      return f.optional ? `z._default(optionalPhoneField(${label}), '')` : `phoneField(${label})`;
  }
  throw new Error(`no schema for the type ${f.type}`);
}

function fieldImports(e) {
  const used = new Set();
  for (const f of e.fields) {
    const schema = fieldSchema(f);
    for (const name of ['keyText', 'requiredText', 'optionalText', 'multilineText', 'emailField', 'optionalEmailField', 'phoneField', 'optionalPhoneField']) {
      if (new RegExp(`\\b${name}\\b`).test(schema)) used.add(name);
    }
  }
  return [...used].sort();
}

const list = (items) => `[${items.map(q).join(', ')}]`;
const object = (entries) => `{ ${entries.map(([name, value]) => `${name}: ${value}`).join(', ')} }`;

/*
 * Each file below is a few lines of data on shared code (defineMasterData, masterDataModule,
 * masterDataMigration, masterDataSuite, masterDataScreens), written a call per line, so that
 * two entities' files share no run of lines (`duplicates`): what repeats is in the shared code.
 */

/** The options of defineMasterData that differ from its defaults (master-data.ts), one a line. */
function definitionOptions(e) {
  const k = e.naturalKey.name;
  const options = [['name', q(e.name)]];
  if (SERVICES.length !== 1) options.unshift(['service', q(e.service)]);
  if (e.plural !== `${e.name}s`) options.push(['plural', q(e.plural)]);
  if (e.key !== e.plural) options.push(['key', q(e.key)]);
  if (e.area !== e.plural) options.push(['area', q(e.area)]);
  if (e.view) options.push(['view', 'true']);
  const fields = object(e.fields.map((f) => [f.name, fieldSchema(f)]));
  const renames = Object.keys(e.renames).length ? `, ${object(Object.entries(e.renames).map(([from, to]) => [from, q(to)]))}` : '';
  options.push(['schemas', `masterDataSchemas(${q(k)}, ${fields}${renames})`]);
  if (e.sortFields.join() !== k) options.push(['sortFields', list(e.sortFields)]);
  if (e.searchFields.join() !== k) options.push(['searchFields', list(e.searchFields)]);
  return options.map(([name, value]) => `  ${name}: ${value},`).join('\n');
}

export function contractsDefinition(e) {
  const k = e.naturalKey.name;
  const naming = Object.keys(e.renames).length ? `the update body renames with ${Object.values(e.renames).join(', ')}` : 'the key stays on update';
  const zod = e.fields.some((f) => /\bz\./.test(fieldSchema(f))) ? "import { z } from 'zod/mini';\n" : '';
  return `${zod}import { ${fieldImports(e).join(', ')} } from '../fields.js';
import { defineMasterData, masterDataSchemas } from '../master-data.js';

// Made by \`npm run new:resource ${e.service} ${e.file}\`.

/** ${e.TitlePlural}: the standard master-data calls at /api/${e.key}/..., keyed by ${messageLabel(k).toLowerCase()}; ${naming}. */
export const ${e.plural} = defineMasterData({
${definitionOptions(e)}
});
`;
}

/** The service's module and TypeORM entity, both from the definition (masterDataModule). */
export function serviceModule(e) {
  return `import { ${e.plural} } from '@freight/contracts';
import { masterDataModule } from '@freight/server-database';

/** ${e.service}.${e.name}.*: the standard handlers on ${e.service}.${e.table}; rules of its own go in a DefinedMasterDataHandlers subclass, given as the third argument. */
export const { module: ${e.Name}Module, entity: ${e.Name}Entity } = masterDataModule(${e.plural}, ${q(e.service)});
`;
}

export const uniqueIndex = (e) => `ux_${e.table}_${e.naturalKey.column}`;
/** Every index the migration makes, by name (Postgres cuts names past 63 bytes, so they are checked). */
export function indexNames(e) {
  return [
    uniqueIndex(e),
    ...e.sortFields.filter((name) => name !== e.naturalKey.name).map((name) => `ix_${e.table}_${columnOf(name)}`),
    ...e.searchFields.map((name) => `ix_${e.table}_${columnOf(name)}_trgm`),
  ];
}

export const migrationClass = (e, timestamp) => `${e.Name}${timestamp}`;
export const migrationFile = (e, timestamp) => `${timestamp}-${e.file}`;

/** The table, with its columns named in the file (a migration never changes with the definition). */
export function migration(e, timestamp) {
  const t = `${e.service}.${e.table}`;
  const others = e.fields.filter((f) => f !== e.naturalKey);
  const table = [
    ['table', q(t)],
    ['key', q(e.naturalKey.column)],
    ['required', others.filter((f) => !f.optional).map((f) => f.column)],
    ['optional', others.filter((f) => f.optional).map((f) => f.column)],
    ['sorts', e.sortFields.filter((name) => name !== e.naturalKey.name).map(columnOf)],
    ['search', e.searchFields.map(columnOf)],
  ].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : value.length || name === 'search' ? [[name, list(value)]] : []));
  const name = migrationClass(e, timestamp);
  return `import { masterDataMigration } from '@freight/server-database';

/** ${e.TitlePlural}: the key unique in any case, a b-tree per list sort (then id), a trigram index per search field. */
export const ${name} = masterDataMigration(${q(name)}, ${object(table)});
`;
}

/** The source of a value of the field for the sample record `n` (1, 2, 3, …), valid for its schema. */
function sampleValue(f) {
  switch (f.type) {
    case 'email':
      return `\`${f.name.toLowerCase()}\${n}@example.com\``;
    case 'phone':
      return `\`+94 11 234 56\${n}0\``;
    default:
      return `\`${messageLabel(f.name)} \${n}\``;
  }
}

function changedValue(f) {
  switch (f.type) {
    case 'email':
      return q('changed@example.com');
    case 'phone':
      return q('+94 81 765 4321');
    default:
      return q(`${messageLabel(f.name)} changed`);
  }
}

/** A value the field's schema refuses: too long, or not an e-mail address. */
const invalidValue = (f) => (f.type === 'email' ? q('not an e-mail') : `'x'.repeat(${f.max + 1})`);

export function serviceIntSpec(e) {
  const harness = `start${e.servicePascal}`;
  const change = e.fields
    .filter((f) => f !== e.naturalKey || e.renames[f.name])
    .map((f) => [e.renames[f.name] ?? f.name, f === e.naturalKey ? q(`${messageLabel(f.name)} renamed`) : changedValue(f)]);
  return `import { ${e.plural} } from '@freight/contracts';
import { masterDataSuite } from '@freight/server-testing';
import { ${harness} } from '../testing/${e.service}-harness.js';

// What every master-data resource does, against Postgres and NATS (see the suite). The entity's own rules get their tests below.
masterDataSuite(${e.plural}, ${harness}, {
  sample: (n) => (${object(e.fields.map((f) => [f.name, sampleValue(f)]))}), change: ${object(change)},
  invalid: ${object(e.fields.map((f) => [f.name, invalidValue(f)]))},
});
`;
}

/** The list, add, edit (and view) screens: the fields as data on the remote's masterDataScreens. */
export function webScreens(e, removedLaterScreens = []) {
  const fields = e.fields.map((f) => {
    const input = { email: 'email', phone: 'tel' }[f.type];
    return `[${[q(f.name), q(screenLabel(f.name)), ...(input ? [q(input)] : [])].join(', ')}]`;
  });
  const later = removedLaterScreens.length
    ? `
/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
${removedLaterScreens.map((line) => ` * ${line.trim()}`).join('\n')}
 */
`
    : '';
  return `import { ${e.plural} } from '@freight/contracts';
import { masterDataScreens } from '../master-data-screens.js';
${later}
/** ${e.paths.list}: the list searched, sorted and paged on the server; ${e.view ? 'view, ' : ''}add, edit and delete where the role may. */
export const screens = masterDataScreens(${e.plural}, { searchLabel: ${q(`Search by ${e.searchFields.map((s) => messageLabel(s).toLowerCase()).join(' or ')}`)}, fields: [${fields.join(', ')}] });
`;
}
