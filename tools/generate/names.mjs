// Names and field specifications of `npm run new:resource`: what the command line says,
// checked, and every spelling the templates need. No file is read or written here.

export class UsageError extends Error {}

/** Field types the generator knows; anything else (passwords, lists, amounts) is written by hand afterwards. */
export const FIELD_TYPES = {
  key: { max: 100, tsType: 'string', input: 'text' },
  text: { max: 100, tsType: 'string', input: 'text' },
  multiline: { max: 2000, tsType: 'string', input: 'text' },
  email: { max: 254, tsType: 'string', input: 'email' },
  phone: { max: 30, tsType: 'string', input: 'tel' },
};

/** Column names Postgres would need quoted: refused, so the repository's SQL can name columns plainly. */
const RESERVED = new Set(
  'all and any array as asc between both case cast check collate column constraint create current_date current_user default desc distinct do else end except false fetch for foreign from grant group having in initially intersect into is join leading limit localtime natural not null offset on only or order placing primary references returning select session_user some symmetric table then to trailing true union unique user using variadic when where window with'.split(
    ' ',
  ),
);
/** Columns every table has already (AuditedEntity and the id). */
const AUDIT_COLUMNS = new Set(['id', 'created_at', 'created_by', 'updated_at', 'updated_by']);

/** `shipment-type`, `shipment_type`, `shipmentType`, `ShipmentType` → ['shipment', 'type'] */
export function words(text) {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);
export const camel = (ws) => ws[0] + ws.slice(1).map(cap).join('');
export const pascal = (ws) => ws.map(cap).join('');
export const kebab = (ws) => ws.join('-');
export const snake = (ws) => ws.join('_');
/** 'shipment type' → 'Shipment Type' */
export const title = (ws) => ws.map(cap).join(' ');
/** 'shipment type' → 'Shipment type' */
export const sentence = (ws) => cap(ws.join(' '));

/** English plural of the last word: yard → yards, entry → entries, box → boxes. */
export function pluralWords(ws) {
  const last = ws.at(-1);
  let plural;
  if (/[^aeiou]y$/.test(last)) plural = `${last.slice(0, -1)}ies`;
  else if (/(s|x|z|ch|sh)$/.test(last)) plural = `${last}es`;
  else plural = `${last}s`;
  return [...ws.slice(0, -1), plural];
}

/** `TypeofShipment` → `typeof_shipment` (the column). */
export const columnOf = (field) => snake(words(field));
/** `OriginPortName` → 'Origin port name' (messages: "Origin port name is required"). */
export const messageLabel = (field) => sentence(words(field));
/** `OriginPortName` → 'Origin Port Name' (form labels and column headers). */
export const screenLabel = (field) => title(words(field));

/**
 * `--fields "YardName:key,Location:text(200),Email?:email,Remarks?:multiline"`: name, `?` when
 * optional (an empty value is stored as ''), type, and an optional maximum length.
 */
export function parseFields(spec) {
  const fields = [];
  for (const raw of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z][A-Za-z0-9]*)(\?)?(?::([a-z]+)(?:\((\d+)\))?)?$/.exec(raw);
    if (!match) throw new UsageError(`--fields: "${raw}" is not Name[?][:type[(max)]] (types: ${Object.keys(FIELD_TYPES).join(', ')})`);
    const [, name, optional, type = 'text', max] = match;
    if (!FIELD_TYPES[type]) throw new UsageError(`--fields: ${name} has the type "${type}"; known types: ${Object.keys(FIELD_TYPES).join(', ')}`);
    const column = columnOf(name);
    if (AUDIT_COLUMNS.has(column)) throw new UsageError(`--fields: ${name} would be the column ${column}, which every table has already`);
    if (RESERVED.has(column)) throw new UsageError(`--fields: ${name} would be the column "${column}", an SQL reserved word; choose another name`);
    if (fields.some((f) => f.column === column)) throw new UsageError(`--fields: ${name} is given twice (or twice as the column ${column})`);
    const length = max === undefined ? FIELD_TYPES[type].max : Number(max);
    if (length < 1 || length > 10000) throw new UsageError(`--fields: ${name} has a maximum length of ${length}; give 1 to 10000`);
    fields.push({ name, column, type, optional: Boolean(optional), max: length });
  }
  if (fields.length === 0) throw new UsageError('--fields: give at least one field');
  return fields;
}

const IDENTIFIER = /^[a-z][a-zA-Z0-9-]*$/;

/**
 * Everything the templates need, from the command line: the entity's names in each spelling,
 * its fields with the natural key first-class, and the options for its screens.
 */
export function entityOf(service, name, options = {}) {
  if (!service || !name) throw new UsageError('give a service and an entity name, e.g. `directory forwarder`');
  if (!/^[a-z][a-z0-9-]*$/.test(service)) throw new UsageError(`service "${service}": lower-case letters, digits and hyphens`);
  if (!IDENTIFIER.test(name)) throw new UsageError(`name "${name}": the singular, e.g. forwarder, shipment-type or shipmentType`);
  const singular = words(name);
  const plural = options.plural ? words(options.plural) : pluralWords(singular);
  if (kebab(plural) === kebab(singular)) throw new UsageError(`--plural: "${options.plural}" is the singular too; give a plural that differs`);

  const fields = parseFields(options.fields ?? `${pascal(singular)}Name:key`);
  let key;
  if (options.key) {
    key = fields.find((f) => f.name === options.key);
    if (!key) throw new UsageError(`--key ${options.key}: not one of the fields (${fields.map((f) => f.name).join(', ')})`);
  } else {
    const keys = fields.filter((f) => f.type === 'key');
    if (keys.length > 1) throw new UsageError(`--fields: ${keys.map((f) => f.name).join(' and ')} are both typed key; an entity has one natural key`);
    key = keys[0] ?? fields[0];
  }
  if (key.optional) throw new UsageError(`${key.name} is the natural key: it cannot be optional`);
  key.type = 'key';
  for (const f of fields) if (f !== key && f.type === 'key') throw new UsageError(`--fields: ${f.name} is typed key but ${key.name} is the natural key`);

  const search = options.search
    ? options.search
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [key.name];
  for (const s of search) {
    const field = fields.find((f) => f.name === s);
    if (!field) throw new UsageError(`--search ${s}: not one of the fields`);
  }
  // `--rename newForwarderName` renames the key; `--rename "OriginPortName:newOriginPortName,OriginPortLocation:newOriginPortLocation"` any fields.
  const rename = options.rename || undefined;
  const renames = {};
  for (const pair of rename
    ? rename
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : []) {
    const [from, to] = pair.includes(':') ? pair.split(':') : [key.name, pair];
    if (!fields.some((f) => f.name === from)) throw new UsageError(`--rename ${pair}: ${from} is not one of the fields`);
    if (!/^new[A-Z][A-Za-z0-9]*$/.test(to ?? '')) throw new UsageError(`--rename ${pair}: the update body's new name of the field, e.g. new${from}`);
    if (fields.some((f) => f.name === to) || Object.values(renames).includes(to)) throw new UsageError(`--rename ${to}: already a field`);
    renames[from] = to;
  }

  const url = options.url ?? camel(plural);
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(url)) throw new UsageError(`--url ${url}: letters and digits, e.g. forwarders or ShipmentType`);
  const area = options.area ?? camel(plural);
  if (!/^[a-z][A-Za-z0-9]*$/.test(area)) throw new UsageError(`--area ${area}: a permission area's name, e.g. forwarders`);
  const menuAction = options.menuAction ?? 'read';
  if (!['read', 'write', 'delete'].includes(menuAction)) throw new UsageError(`--menu-action ${menuAction}: read, write or delete`);

  const joined = singular.join('');
  const paths = {
    list: options.listPath ?? `manage${joined}`,
    add: options.addPath ?? `add${joined}`,
    edit: options.editPath ?? `edit${joined}`,
    ...(options.view ? { view: options.viewPath ?? `view${joined}` } : {}),
  };
  for (const [which, path] of Object.entries(paths)) {
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(path)) throw new UsageError(`--${which}-path ${path}: one path segment, letters, digits and hyphens`);
  }
  const remote = options.remote ?? 'master-data';
  if (!/^[a-z][a-z0-9-]*$/.test(remote)) throw new UsageError(`--remote ${remote}: the web app's folder name under apps/web`);

  return {
    service,
    servicePascal: pascal(words(service)),
    /** resource.name: subjects (`directory.shipmentType.add`) */
    name: camel(singular),
    Name: pascal(singular),
    /** resource.key: route names and URLs (`/api/shipmentTypes/...`) */
    key: url,
    /** the definition's const: `shipmentTypes` */
    plural: camel(plural),
    Plural: pascal(plural),
    CONST: snake(singular).toUpperCase(),
    file: kebab(singular),
    folder: kebab(plural),
    table: snake(singular),
    words: singular.join(' '),
    pluralWords: plural.join(' '),
    Title: title(singular),
    TitlePlural: title(plural),
    Sentence: sentence(singular),
    SentencePlural: sentence(plural),
    area,
    fields,
    naturalKey: key,
    sortFields: [key, ...fields.filter((f) => f !== key && f.type !== 'multiline')].map((f) => f.name),
    searchFields: search,
    rename,
    /** field → its name in the update body */
    renames,
    /** a view screen (and the definition's `view: true`) */
    view: Boolean(options.view),
    remote,
    /** screens in the web remote (false with --no-screens: another app's screens call the routes) */
    screens: !options.noScreens,
    paths,
    menuAction,
    group: options.group ?? 'Other Tools',
    tileLabel: options.tile ?? `Manage ${title(singular)}`,
  };
}

/** The command line: `<service> <name> [--option value | --option=value | --flag]...` */
export function parseArgs(argv, env = {}) {
  const positional = [];
  const options = {};
  const FLAGS = new Set(['remove', 'help', 'view', 'no-screens']);
  const VALUES = new Set([
    'fields',
    'key',
    'search',
    'plural',
    'url',
    'area',
    'rename',
    'remote',
    'list-path',
    'add-path',
    'edit-path',
    'view-path',
    'menu-action',
    'group',
    'tile',
    'timestamp',
  ]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [flag, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (FLAGS.has(flag)) {
      options[flag] = true;
    } else if (VALUES.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`--${flag} needs a value`);
      options[flag] = value;
    } else {
      throw new UsageError(`unknown option --${flag}`);
    }
  }
  // `npm run new:resource directory yard --fields ...` without `--`: npm takes the options for
  // itself (as npm_config_<option>) and passes their values on as arguments. Say so.
  // (`key` is also npm's own setting, a TLS key, so its variable may be set for other reasons.)
  const swallowed = [...VALUES, ...FLAGS].filter((flag) => flag !== 'key' && env[`npm_config_${flag.replaceAll('-', '_')}`] !== undefined);
  if (swallowed.length)
    throw new UsageError(
      `npm kept --${swallowed.join(', --')} for itself: put -- before the arguments (npm run new:resource -- <service> <name> --fields ...)`,
    );
  if (positional.length > 2) throw new UsageError(`too many arguments: ${positional.slice(2).join(' ')}`);
  const [service, name] = positional;
  return {
    service,
    name,
    remove: Boolean(options.remove),
    help: Boolean(options.help),
    timestamp: options.timestamp === undefined ? undefined : Number(options.timestamp),
    options: {
      fields: options.fields,
      key: options.key,
      search: options.search,
      plural: options.plural,
      url: options.url,
      area: options.area,
      rename: options.rename,
      remote: options.remote,
      listPath: options['list-path'],
      addPath: options['add-path'],
      editPath: options['edit-path'],
      view: options.view,
      viewPath: options['view-path'],
      menuAction: options['menu-action'],
      group: options.group,
      tile: options.tile,
      noScreens: options['no-screens'],
    },
  };
}
