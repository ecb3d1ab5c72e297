// The files `npm run new:resource` writes for an entity (see names.mjs for `e`), each a plain
// function of the entity: the contracts definition, the service's entity, repository, handlers,
// module, migration and integration test, and the web screens. What they sit on is shared and
// written once: defineResource (contracts), MasterDataHandlers and EntityRepository
// (libs/server/database), resourceController (libs/server/core), the kit's list and form pages.
import { columnOf, messageLabel, screenLabel } from './names.mjs';

const q = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The zod schema of a field in the add body. */
function fieldSchema(f) {
  const label = q(messageLabel(f.name));
  const max = f.max === 100 ? '' : `, ${f.max}`;
  switch (f.type) {
    case 'key':
      return `keyText(${label}, ${f.max})`;
    case 'text':
      return f.optional ? `optionalText(${label}${max}).default('')` : `requiredText(${label}${max})`;
    case 'multiline': {
      const base = `multilineText(${label}${f.max === 2000 ? '' : `, ${f.max}`})`;
      return f.optional ? `${base}.default('')` : `${base}.min(1, ${q(`${messageLabel(f.name)} is required`)})`;
    }
    case 'email':
      return f.optional ? `optionalEmailField.default('')` : 'emailField';
    case 'phone':
      return f.optional
        ? `optionalText(${label}, 30).regex(/^(|[0-9+()\\-\\s]{5,30})$/, ${q(`${messageLabel(f.name)} must be a phone number (digits, spaces, + - ( ))`)}).default('')`
        : `phoneField(${label})`;
  }
  throw new Error(`no schema for the type ${f.type}`);
}

function fieldImports(e) {
  const used = new Set();
  for (const f of e.fields) {
    const schema = fieldSchema(f);
    for (const name of ['keyText', 'requiredText', 'optionalText', 'multilineText', 'emailField', 'optionalEmailField', 'phoneField']) {
      if (new RegExp(`\\b${name}\\b`).test(schema)) used.add(name);
    }
  }
  return [...used].sort();
}

/** The JSON names of the record in write replies and of the list in search replies (`branch`, `branches`). */
export const replyKeys = (e) => ({ one: e.name, many: e.plural });
/** MasterDataHandlers names them after the definition's texts; an entity of several words overrides that. */
const textsAreKeys = (e) => e.words === e.name && e.pluralWords === e.plural;

export function contractsDefinition(e) {
  const k = e.naturalKey.name;
  const keyWords = messageLabel(k).toLowerCase();
  const { one, many } = replyKeys(e);
  const update = e.rename
    ? `${e.name}CreateSchema.omit({ ${k}: true }).extend({ ${e.rename}: keyText(${q(`New ${keyWords}`)}, ${e.naturalKey.max}).optional() })`
    : `${e.name}CreateSchema.omit({ ${k}: true })`;
  const updateDoc = e.rename
    ? `/** The ${keyWords} is the key, in the URL; \`${e.rename}\` renames the ${e.words}, the rest is replaced. */`
    : `/** The ${keyWords} is the key, in the URL, and stays; the rest is replaced. */`;
  return `import { z } from 'zod';
import { ${fieldImports(e).join(', ')} } from '../fields.js';
import { defineMasterData } from '../master-data.js';

// Made by \`npm run new:resource ${e.service} ${e.file}\`.

export const ${e.name}Schema = z.object({ _id: z.string(), ${e.fields.map((f) => `${f.name}: z.string()`).join(', ')} });
export type ${e.Name} = z.infer<typeof ${e.name}Schema>;

export const ${e.name}CreateSchema = z.object({
${e.fields.map((f) => `  ${f.name}: ${fieldSchema(f)},`).join('\n')}
});
export type ${e.Name}Create = z.infer<typeof ${e.name}CreateSchema>;

${updateDoc}
export const ${e.name}UpdateSchema = ${update};
export type ${e.Name}Update = z.infer<typeof ${e.name}UpdateSchema>;

/** ${e.TitlePlural}: the standard master-data operations (defineMasterData), keyed by the ${keyWords}. */
export const ${e.plural} = defineMasterData({
  service: ${q(e.service)},
  name: ${q(e.name)},
  key: ${q(e.key)},
  area: ${q(e.area)},
  naturalKey: ${q(k)},
  keyLabel: ${q(messageLabel(k))},
  sortFields: [${e.sortFields.map(q).join(', ')}],
  searchFields: [${e.searchFields.map(q).join(', ')}],
  schemas: { record: ${e.name}Schema, create: ${e.name}CreateSchema, update: ${e.name}UpdateSchema },
  replyKeys: { one: ${q(one)}, many: ${q(many)} },
  texts: {
    singular: ${q(e.words)},
    plural: ${q(e.pluralWords)},
    added: ${q(`${e.Sentence} added successfully!`)},
    updated: ${q(`${e.Sentence} updated successfully`)},
    deleted: ${q(`${e.Sentence} deleted successfully`)},
    notFound: ${q(`Not Found: The specified ${e.words} does not exist.`)},
  },
});
`;
}

export function serviceEntity(e) {
  return `import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '@freight/server-database';

/** ${e.service}.${e.table}: one property per field of the definition, named as the field. */
@Entity({ name: ${q(e.table)}, schema: ${q(e.service)} })
export class ${e.Name}Entity extends AuditedEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;
${e.fields
  .map(
    (f) => `
  @Column('text', { name: ${q(f.column)} })
  ${f.name}!: string;`,
  )
  .join('\n')}
}
`;
}

/** A short alias for the table in SQL (a letter of the name; never a keyword). */
const aliasOf = (e) => e.table.charAt(0);

export function serviceRepository(e) {
  const a = aliasOf(e);
  const k = e.naturalKey;
  const sort = e.sortFields.map((name) => {
    const column = columnOf(name);
    return `${name}: [${q(`lower(${a}.${column})`)}${name === k.name ? '' : `, ${q(`${a}.id`)}`}]`;
  });
  return `import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ${e.plural} } from '@freight/contracts';
import { EntityRepository } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { ${e.Name}Entity } from './${e.file}.entity.js';

/** ${e.service}.${e.table}: each sort walks its index, the list's search its trigram indexes (see the migration). */
@Injectable()
export class ${e.Name}Repository extends EntityRepository<${e.Name}Entity, ${e.Name}Entity, (typeof ${e.plural}.sortFields)[number]> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, ${e.Name}Entity, {
      alias: ${q(a)},
      key: ${q(k.name)},
      sort: { ${sort.join(', ')} },
      search: [${e.searchFields.map(q).join(', ')}],
      unique: { ${k.name}: ${q(uniqueIndex(e))} },
    });
  }

  /** Every ${messageLabel(k.name).toLowerCase()}, sorted (the \`unique\` call). */
  async names(): Promise<string[]> {
    const rows = await this.dataSource.query<{ name: string }[]>(\`SELECT ${a}.${k.column} AS name FROM ${e.service}.${e.table} ${a} ORDER BY lower(${a}.${k.column})\`);
    return rows.map((row) => row.name);
  }
}
`;
}

export function serviceHandlers(e) {
  const k = e.naturalKey.name;
  const { one, many } = replyKeys(e);
  const names = e.fields.map((f) => f.name).join(', ');
  const changes = e.rename
    ? `  protected changes({ ${e.rename}, ...rest }: ${e.Name}Update) {
    return ${e.rename} === undefined ? rest : { ...rest, ${k}: ${e.rename} };
  }`
    : `  protected changes(body: ${e.Name}Update) {
    return body;
  }`;
  const keyOverrides = textsAreKeys(e)
    ? ''
    : `
  /** Replies name the record \`${one}\` and the list \`${many}\` (the base would name them after the texts). */
  protected override written(message: string, row: ${e.Name}Entity) {
    return { success: true as const, message, ${one}: this.toRecord(row) };
  }

  override async search({ params }: MessageOfOp<typeof ${e.plural}, 'search'>) {
    return { success: true as const, ${many}: (await this.store.search(params.${k})).map((row) => this.toRecord(row)) };
  }
`;
  return `import { Inject, Injectable } from '@nestjs/common';
import { ${e.plural}, type ${e.Name}, type ${e.Name}Create, type ${e.Name}Update, type ResourceHandlers } from '@freight/contracts';
import { AppError } from '@freight/server';
import { MasterDataHandlers${textsAreKeys(e) ? '' : ', type MessageOfOp'} } from '@freight/server-database';
import type { ${e.Name}Entity } from './${e.file}.entity.js';
import { ${e.Name}Repository } from './${e.file}.repository.js';

/** ${e.TitlePlural} on the master-data base; the entity's own rules go in beforeAdd, beforeUpdate and beforeDelete. */
@Injectable()
export class ${e.Name}Handlers extends MasterDataHandlers<typeof ${e.plural}, ${e.Name}Entity, ${e.Name}> implements ResourceHandlers<typeof ${e.plural}> {
  constructor(@Inject(${e.Name}Repository) private readonly store: ${e.Name}Repository) {
    super(${e.plural}, store);
  }

  async unique(): Promise<string[]> {
    return this.store.names();
  }

  protected toRecord({ id, ${names} }: ${e.Name}Entity): ${e.Name} {
    return { _id: id, ${names} };
  }

  protected newRow(body: ${e.Name}Create) {
    return body;
  }

${changes}

  protected taken(_property: keyof ${e.Name}Entity, values: Partial<${e.Name}Entity>): AppError {
    const message = \`${e.Sentence} '\${values.${k}}' already exists\`;
    return new AppError('CONFLICT', message, { ${k}: message });
  }
${keyOverrides}}
`;
}

export function serviceModule(e) {
  return `import { Module } from '@nestjs/common';
import { ${e.plural} } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { ${e.Name}Handlers } from './${e.file}.handlers.js';
import { ${e.Name}Repository } from './${e.file}.repository.js';

/** ${e.service}.${e.name}.*: one validated NATS handler per operation of the definition. */
@Module({ controllers: [resourceController(${e.plural}, ${e.Name}Handlers)], providers: [${e.Name}Repository, ${e.Name}Handlers] })
export class ${e.Name}Module {}
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

export function migration(e, timestamp) {
  const t = `${e.service}.${e.table}`;
  const k = e.naturalKey.column;
  const columns = e.fields.map((f) => `        ${f.column} text NOT NULL${f.optional ? " DEFAULT ''" : ''},`);
  const sorts = e.sortFields
    .filter((name) => name !== e.naturalKey.name)
    .map((name) => {
      const c = columnOf(name);
      return `    await q.query(\`CREATE INDEX ix_${e.table}_${c} ON ${t} (lower(${c}), id) INCLUDE (${c})\`);`;
    });
  const trigrams = e.searchFields.map((name) => {
    const c = columnOf(name);
    return `    await q.query(\`CREATE INDEX ix_${e.table}_${c}_trgm ON ${t} USING gin (${c} extensions.gin_trgm_ops)\`);`;
  });
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ${e.TitlePlural}: the key unique in any case, a b-tree per list sort (key, then id), a trigram index per search field. */
export class ${migrationClass(e, timestamp)} implements MigrationInterface {
  name = ${q(migrationClass(e, timestamp))};

  async up(q: QueryRunner): Promise<void> {
    await q.query(\`
      CREATE TABLE ${t} (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
${columns.join('\n')}
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid
      )\`);
    await q.query(\`CREATE UNIQUE INDEX ${uniqueIndex(e)} ON ${t} (lower(${k})) INCLUDE (${k}, id)\`);
${[...sorts, ...trigrams].join('\n')}
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(\`DROP TABLE ${t}\`);
  }
}
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

export function serviceIntSpec(e) {
  const harness = `start${e.servicePascal}`;
  const change = e.fields.filter((f) => f !== e.naturalKey).map((f) => `${f.name}: ${changedValue(f)}`);
  if (e.rename) change.push(`${e.rename}: ${q(`${messageLabel(e.naturalKey.name)} renamed`)}`);
  return `import { ${e.plural} } from '@freight/contracts';
import { ${harness} } from '../testing/${e.service}-harness.js';
import { masterDataSuite } from '../testing/master-data-suite.js';

// What every master-data resource does, against Postgres and NATS (add, 409 and 400, list, page,
// sort, search, get, unique, update, delete, 404). The entity's own rules get their tests below.
masterDataSuite(${e.plural}, ${harness}, {
  sample: (n) => ({ ${e.fields.map((f) => `${f.name}: ${sampleValue(f)}`).join(', ')} }),
  change: { ${change.join(', ')} },${e.rename ? `\n  rename: ${q(e.rename)},` : ''}
});
`;
}

/** The list, add and edit screens on the kit's shared pages. */
export function webScreens(e, removedLaterScreens = []) {
  const k = e.naturalKey.name;
  const listOverrides = [];
  const formOverrides = [];
  if (e.paths.add !== `add${e.name}`) listOverrides.push(`  addPath: () => ${q(`../${e.paths.add}`)},`);
  if (e.paths.edit !== `edit${e.name}`) listOverrides.push(`  editPath: (${e.name}) => \`../${e.paths.edit}/\${encodeURIComponent(${e.name}.${k})}\`,`);
  if (e.paths.list !== `manage${e.name}`) formOverrides.push(`listPath: ${q(`../${e.paths.list}`)}`);
  const fields = e.fields.map((f) => {
    const parts = [`name: ${q(f.name)}`, `label: ${q(screenLabel(f.name))}`];
    const input = { email: 'email', phone: 'tel' }[f.type];
    if (input) parts.push(`type: ${q(input)}`);
    if (f.optional) parts.push('required: false');
    if (f === e.naturalKey && !e.rename) parts.push('readOnlyOnEdit: true');
    return `  { ${parts.join(', ')} },`;
  });
  const later = removedLaterScreens.length
    ? `
/*
 * npm run new:resource took these screens out of LATER_SCREENS (routes.tsx); --remove puts them back:
${removedLaterScreens.map((line) => ` * ${line.trim()}`).join('\n')}
 */
`
    : '';
  const keyNote = e.rename
    ? `/** The ${messageLabel(k).toLowerCase()} is the key; renaming it from the edit screen (\`${e.rename}\`) is the kit's to support. */`
    : `/** The ${messageLabel(k).toLowerCase()} is the key: shown, not editable, on the edit screen. */`;
  return `import { ${e.plural} } from '@freight/contracts';
import { ResourceFormPage, ResourceListPage, type FieldName, type FormField, type ResourceFormConfig, type ResourceListConfig } from '@freight/web-kit';
import type { ResourceScreens } from '../resource-routes.js';
${later}
/** ${e.paths.list}: the list searched, sorted and paged on the server; add, edit and delete where the role may. */
export const ${e.name}List: ResourceListConfig<typeof ${e.plural}> = {
  resource: ${e.plural},
  columns: [
${e.fields.map((f) => `    { header: ${q(screenLabel(f.name))}, field: ${q(f.name)} },`).join('\n')}
  ],
  searchLabel: ${q(`Search by ${e.searchFields.map((s) => messageLabel(s).toLowerCase()).join(' or ')}`)},
  deleteQuestion: (${e.name}) => \`Are you sure you want to delete the ${e.words} \${${e.name}.${k}}?\`,
${listOverrides.join('\n')}${listOverrides.length ? '\n' : ''}};

${keyNote}
export const ${e.name}Fields: FormField<FieldName<typeof ${e.plural}>>[] = [
${fields.join('\n')}
];

export const ${e.name}Form: ResourceFormConfig<typeof ${e.plural}> = { resource: ${e.plural}, fields: ${e.name}Fields${formOverrides.length ? `, ${formOverrides.join(', ')}` : ''} };

export const Manage${e.Plural}Page = () => <ResourceListPage config={${e.name}List} />;
export const Add${e.Name}Page = () => <ResourceFormPage mode="add" config={${e.name}Form} />;
export const Edit${e.Name}Page = () => <ResourceFormPage mode="edit" config={${e.name}Form} />;

/** What routes.tsx loads (resourceRoutes) when one of these screens is first shown. */
export const screens: ResourceScreens = { list: Manage${e.Plural}Page, add: Add${e.Name}Page, edit: Edit${e.Name}Page };
`;
}
