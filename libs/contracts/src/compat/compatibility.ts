/**
 * Whether a new version of the contracts can run beside the last release's (ADR 55): during a
 * rollout an old gateway talks to a new service and a new service's events reach old readers.
 * Both sides are JSON Schema (the snapshot's and the current contracts', each made by zod's
 * `toJSONSchema` with `io: 'input'`: what a reader accepts on the wire), compared by role:
 *
 * - a request (a NATS request, a REST call's params, query and body): the old writer (the old
 *   gateway, an old screen) still sends what the old schema accepts, so the new schema must
 *   accept all of it: no field removed, none newly required, no type, value list or bound
 *   narrowed, no union member removed;
 * - a reply or an event: the old reader (the old gateway's reply check, an old screen, an old
 *   consumer) still checks with the old schema, so everything the new schema allows must pass
 *   the old one: no field removed or made optional, no type, value list or bound widened (an
 *   enum value added is refused by an old reader's `z.enum`), no union member added.
 *
 * A new optional request field and a new reply field are additive and pass. Refinements
 * (`z.refine`) have no JSON Schema and are not compared.
 */

export type JsonSchema = boolean | { [keyword: string]: unknown };

/** Who writes what a schema describes: the old version (`request`) or the new one (`reply`, events). */
export type Role = 'request' | 'reply';

/** One incompatible change: where (`subject directory.branch.add request`), the field path, what changed. */
export interface Incompatibility {
  where: string;
  path: string;
  problem: string;
}

/** The contracts of one release, as `npm run contracts:snapshot` writes them (compat/release.json). */
export interface ContractSnapshot {
  $comment?: string;
  /** The zod version that generated it: the JSON Schema of another one may differ where nothing changed. */
  zod: string;
  /** NATS request/reply subjects: the request the gateway (or a service) sends, the reply the service answers. */
  subjects: Record<string, { request: JsonSchema; reply?: JsonSchema }>;
  /** REST routes (`POST /api/branches/add`): what a caller sends and what the gateway answers. */
  routes: Record<string, { params?: JsonSchema; query?: JsonSchema; body?: JsonSchema; reply: JsonSchema }>;
  /** JetStream events (`events.<service>.<thing>.<change>`): what the producer publishes. */
  events: Record<string, { payload: JsonSchema }>;
}

/** Every incompatibility of `current` with the release `snapshot` was made from. */
export function compareContracts(snapshot: ContractSnapshot, current: ContractSnapshot): Incompatibility[] {
  return [
    ...compareEntries('subject', snapshot.subjects, current.subjects, { request: 'request', reply: 'reply' }),
    ...compareEntries('route', snapshot.routes, current.routes, { params: 'request', query: 'request', body: 'request', reply: 'reply' }),
    ...compareEntries('event', snapshot.events, current.events, { payload: 'reply' }),
  ];
}

/** `subject directory.branch.add request body.Code: became required` */
export function describeIncompatibility(incompatibility: Incompatibility): string {
  const { where, path, problem } = incompatibility;
  return `${where}${path ? ` ${path}` : ''}: ${problem}`;
}

/** What a part nobody sent looked like: an empty object (a route without a body). */
const NOTHING: JsonSchema = { type: 'object', properties: {} };

function compareEntries<E extends Partial<Record<string, JsonSchema>>>(
  kind: string,
  before: Record<string, E>,
  after: Record<string, E>,
  parts: Record<string, Role>,
): Incompatibility[] {
  const found: Incompatibility[] = [];
  for (const [name, old] of Object.entries(before)) {
    const now = after[name];
    if (!now) {
      found.push({
        where: `${kind} ${name}`,
        path: '',
        problem: 'removed; the last release still uses it: serve it beside its successor until none of that release runs (ADR 55)',
      });
      continue;
    }
    for (const [part, role] of Object.entries(parts)) {
      const oldPart = old[part];
      const newPart = now[part];
      if (oldPart === undefined && newPart === undefined) continue;
      const where = `${kind} ${name} ${part}`;
      if (role === 'reply' && newPart === undefined) continue; // no longer described: nothing to check against
      if (role === 'reply' && oldPart === undefined) continue; // old readers did not check it
      for (const { path, problem } of compareSchemas(oldPart ?? NOTHING, newPart ?? NOTHING, role)) found.push({ where, path, problem });
    }
  }
  return found;
}

type Schema = { [keyword: string]: unknown };
type Problem = { path: string; problem: string };

interface Side {
  root: JsonSchema;
}

interface Context {
  role: Role;
  /** The schema whose every value must pass the other: the old one for a request, the new one for a reply. */
  inner: Side;
  outer: Side;
  /** `$ref` pairs being compared, so a recursive schema ends. */
  visiting: Set<string>;
}

/** The incompatibilities of `next` with `previous`, for a schema of the given role. */
export function compareSchemas(previous: JsonSchema, next: JsonSchema, role: Role): Problem[] {
  const [inner, outer] = role === 'request' ? [previous, next] : [next, previous];
  return covers(inner, outer, '', { role, inner: { root: inner }, outer: { root: outer }, visiting: new Set() });
}

/** Keywords that only annotate: a schema with no other is "any value". */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'id',
]);

const isAny = (schema: Schema) => Object.keys(schema).every((keyword) => ANNOTATIONS.has(keyword));
/** `false`, or zod's `z.never()`: no value passes. */
const isNothing = (schema: Schema) => isAny((schema.not ?? true) as Schema) && 'not' in schema;

/** `#/$defs/Name` in `root`, with the referring schema's own keywords on top. */
function resolve(schema: JsonSchema, side: Side): { schema: Schema; ref?: string } {
  let current: Schema = schema === true ? {} : schema === false ? { not: {} } : schema;
  let ref: string | undefined;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 32; hops++) {
    ref = current.$ref;
    const { $ref: _, ...own } = current;
    current = { ...pointer(side.root, ref), ...own };
  }
  return { schema: current, ref };
}

function pointer(root: JsonSchema, ref: string): Schema {
  if (!ref.startsWith('#')) throw new Error(`Only local $ref are supported, not ${ref}`);
  let target: unknown = root;
  for (const token of ref.slice(1).split('/').filter(Boolean)) {
    target = (target as Record<string, unknown> | undefined)?.[token.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  if (typeof target !== 'object' || target === null) throw new Error(`$ref ${ref} points at nothing`);
  return target as Schema;
}

/** A union's members (anyOf, oneOf), flattened; any other schema is its own only member. */
function members(schema: Schema, side: Side): Schema[] {
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  // `type: ['string', 'null']` (a nullable text) is a union too.
  if (!union) return Array.isArray(schema.type) ? (schema.type as string[]).map((type) => ({ ...schema, type })) : [schema];
  const { anyOf: _, oneOf: __, ...shared } = schema;
  return union.flatMap((member) => members({ ...shared, ...resolve(member, side).schema }, side));
}

/** What kind of value a schema describes, for messages and for pairing union members. */
function kinds(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  const values = valuesOf(schema);
  if (values) return [...new Set(values.map((value) => (value === null ? 'null' : typeof value)))];
  if (schema.properties || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items || schema.prefixItems) return ['array'];
  return [];
}

function valuesOf(schema: Schema): unknown[] | undefined {
  if ('const' in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

const shown = (value: unknown) => JSON.stringify(value);
const join = (path: string, field: string) => (path ? `${path}.${field}` : field);

/** Every value `inner` allows passes `outer`: else what does not. */
function covers(innerSchema: JsonSchema, outerSchema: JsonSchema, path: string, parent: Context): Problem[] {
  let context = parent;
  const inner = resolve(innerSchema, context.inner);
  const outer = resolve(outerSchema, context.outer);
  if (inner.ref !== undefined && outer.ref !== undefined) {
    const pair = `${inner.ref}|${outer.ref}`;
    if (context.visiting.has(pair)) return [];
    context = { ...context, visiting: new Set([...context.visiting, pair]) };
  }
  if (isNothing(outer.schema))
    return isNothing(inner.schema)
      ? []
      : [{ path, problem: context.role === 'request' ? 'no longer accepted; old callers send it' : 'refused by old readers' }];
  const outerMembers = members(outer.schema, context.outer);
  const problems: Problem[] = [];
  for (const member of members(inner.schema, context.inner)) {
    const tries = outerMembers.map((candidate) => ({ candidate, problems: coversOne(member, candidate, path, context) }));
    if (tries.some((attempt) => attempt.problems.length === 0)) continue;
    // The closest member of the same kind says best what changed; none of that kind: the member itself is gone.
    const sameKind = tries.filter((attempt) => kinds(attempt.candidate).some((kind) => kinds(member).includes(kind)));
    if (sameKind.length === 0) {
      problems.push({ path, problem: memberProblem(member, outer.schema, context) });
      continue;
    }
    problems.push(...sameKind.reduce((best, attempt) => (attempt.problems.length < best.problems.length ? attempt : best)).problems);
  }
  return problems;
}

function memberProblem(member: Schema, outer: Schema, context: Context): string {
  const kind = kinds(member).join(' or ') || 'any value';
  const accepted = members(outer, context.outer).flatMap(kinds).join(', ') || 'nothing';
  return context.role === 'request'
    ? `type narrowed: ${kind} is no longer accepted (now ${accepted}); old callers still send it`
    : `type widened: may now be ${kind}, which old readers refuse (they accept ${accepted})`;
}

/**
 * The schema with its patterns as one list under `pattern`: zod writes a string's second
 * pattern as `allOf: [{pattern}, {pattern}]`. Any other `allOf` stays as it is.
 */
function withPatterns(schema: Schema): Schema {
  const { allOf, pattern, ...rest } = schema;
  const patterns: unknown[] = pattern === undefined ? [] : [pattern];
  const onlyPatterns =
    Array.isArray(allOf) && allOf.every((member: unknown) => typeof member === 'object' && member !== null && Object.keys(member).join() === 'pattern');
  if (onlyPatterns) patterns.push(...(allOf as Schema[]).map((member) => member.pattern));
  return { ...rest, ...(allOf !== undefined && !onlyPatterns && { allOf }), ...(patterns.length > 0 && { pattern: patterns }) };
}

/** `inner` (one union member) within `outer` (one union member). */
function coversOne(innerSchema: Schema, outerSchema: Schema, path: string, context: Context): Problem[] {
  const inner = withPatterns(innerSchema);
  const outer = withPatterns(outerSchema);
  if (isAny(outer)) return [];
  const { role } = context;
  if (isAny(inner)) {
    const kind = kinds(outer).join(' or ') || 'a narrower schema';
    return [{ path, problem: role === 'request' ? `narrowed from any value to ${kind}` : `widened to any value; old readers accept only ${kind}` }];
  }
  if (inner.allOf !== undefined || outer.allOf !== undefined) {
    return shown(inner.allOf) === shown(outer.allOf) ? [] : [{ path, problem: 'intersection (allOf) changed: not compared field by field, review it by hand' }];
  }
  const problems: Problem[] = [];
  const innerKinds = kinds(inner);
  const outerKinds = kinds(outer);
  const within = (kind: string) => outerKinds.length === 0 || outerKinds.includes(kind) || (kind === 'integer' && outerKinds.includes('number'));
  const lost = innerKinds.filter((kind) => !within(kind));
  if (lost.length > 0 || (innerKinds.length === 0 && outerKinds.length > 0)) {
    return [{ path, problem: memberProblem(inner, outer, context) }];
  }
  problems.push(...valueListProblems(inner, outer, path, role));
  problems.push(...boundProblems(inner, outer, path, role));
  if (innerKinds.includes('array') || outerKinds.includes('array')) problems.push(...arrayProblems(inner, outer, path, context));
  if (innerKinds.includes('object') || outerKinds.includes('object')) problems.push(...objectProblems(inner, outer, path, context));
  return problems;
}

function valueListProblems(inner: Schema, outer: Schema, path: string, role: Role): Problem[] {
  const allowed = valuesOf(outer);
  if (!allowed) return [];
  const values = valuesOf(inner);
  if (!values) {
    return [
      {
        path,
        problem:
          role === 'request'
            ? `narrowed to the values ${allowed.map(shown).join(', ')}; old callers may send others`
            : `no longer limited to the values ${allowed.map(shown).join(', ')} old readers accept`,
      },
    ];
  }
  const extra = values.filter((value) => !allowed.some((known) => shown(known) === shown(value)));
  if (extra.length === 0) return [];
  const list = extra.map(shown).join(', ');
  return [
    {
      path,
      problem:
        role === 'request'
          ? `value ${list} removed; old callers still send it`
          : `value ${list} added; old readers refuse it (a new enum value in a reply or event is breaking, ADR 55)`,
    },
  ];
}

type Bound = { value: number; exclusive: boolean };

/** The number keywords that bound from below, with what each bounds. */
const BOUNDS: { lower: [string, string]; upper: [string, string] }[] = [
  { lower: ['minimum', 'exclusiveMinimum'], upper: ['maximum', 'exclusiveMaximum'] },
  { lower: ['minLength', ''], upper: ['maxLength', ''] },
  { lower: ['minItems', ''], upper: ['maxItems', ''] },
  { lower: ['minProperties', ''], upper: ['maxProperties', ''] },
];

function bound(schema: Schema, [inclusive, exclusive]: [string, string], pick: (a: number, b: number) => number): Bound | undefined {
  const found: Bound[] = [];
  if (typeof schema[inclusive] === 'number') found.push({ value: schema[inclusive] as number, exclusive: false });
  if (exclusive && typeof schema[exclusive] === 'number') found.push({ value: schema[exclusive] as number, exclusive: true });
  if (found.length === 0) return undefined;
  return found.reduce((a, b) => (a.value === b.value ? (a.exclusive ? a : b) : pick(a.value, b.value) === a.value ? a : b));
}

const boundText = (name: string, b: Bound | undefined) => (b ? `${b.exclusive ? `exclusive ${name}` : name} ${b.value}` : `no ${name}`);

function boundProblems(inner: Schema, outer: Schema, path: string, role: Role): Problem[] {
  const problems: Problem[] = [];
  const change = (old: string, now: string) =>
    role === 'request'
      ? `narrowed: ${old} → ${now}; old callers may send values now refused`
      : `widened: ${old} → ${now}; old readers refuse values now allowed`;
  for (const { lower, upper } of BOUNDS) {
    const outerLow = bound(outer, lower, Math.max);
    const innerLow = bound(inner, lower, Math.max);
    if (outerLow && (!innerLow || innerLow.value < outerLow.value || (innerLow.value === outerLow.value && outerLow.exclusive && !innerLow.exclusive))) {
      const [old, now] = role === 'request' ? [innerLow, outerLow] : [outerLow, innerLow];
      problems.push({ path, problem: change(boundText(lower[0], old), boundText(lower[0], now)) });
    }
    const outerHigh = bound(outer, upper, Math.min);
    const innerHigh = bound(inner, upper, Math.min);
    if (
      outerHigh &&
      (!innerHigh || innerHigh.value > outerHigh.value || (innerHigh.value === outerHigh.value && outerHigh.exclusive && !innerHigh.exclusive))
    ) {
      const [old, now] = role === 'request' ? [innerHigh, outerHigh] : [outerHigh, innerHigh];
      problems.push({ path, problem: change(boundText(upper[0], old), boundText(upper[0], now)) });
    }
  }
  const innerPatterns = (inner.pattern ?? []) as string[];
  const added = ((outer.pattern ?? []) as string[]).filter((pattern) => !innerPatterns.includes(pattern));
  if (added.length > 0) {
    const removed = innerPatterns.filter((pattern) => !((outer.pattern ?? []) as string[]).includes(pattern));
    const [old, now] = role === 'request' ? [removed, added] : [added, removed];
    problems.push({ path, problem: change(`pattern ${old.map(shown).join(' and ') || 'none'}`, `pattern ${now.map(shown).join(' and ') || 'none'}`) });
  }
  for (const keyword of ['format', 'multipleOf']) {
    if (outer[keyword] === undefined || shown(inner[keyword]) === shown(outer[keyword])) continue;
    const [old, now] = role === 'request' ? [inner[keyword], outer[keyword]] : [outer[keyword], inner[keyword]];
    problems.push({ path, problem: change(`${keyword} ${old === undefined ? 'none' : shown(old)}`, `${keyword} ${now === undefined ? 'none' : shown(now)}`) });
  }
  if (outer.uniqueItems === true && inner.uniqueItems !== true) problems.push({ path, problem: change('items may repeat', 'items unique') });
  return problems;
}

function arrayProblems(inner: Schema, outer: Schema, path: string, context: Context): Problem[] {
  const problems: Problem[] = [];
  const innerTuple = (inner.prefixItems as JsonSchema[] | undefined) ?? [];
  const outerTuple = (outer.prefixItems as JsonSchema[] | undefined) ?? [];
  const at = (tuple: JsonSchema[], rest: unknown, i: number): JsonSchema => tuple[i] ?? (rest === undefined ? true : (rest as JsonSchema));
  for (let i = 0; i < Math.max(innerTuple.length, outerTuple.length); i++) {
    problems.push(...covers(at(innerTuple, inner.items, i), at(outerTuple, outer.items, i), `${path}[${i}]`, context));
  }
  if (outer.items !== undefined) problems.push(...covers((inner.items as JsonSchema | undefined) ?? true, outer.items as JsonSchema, `${path}[]`, context));
  return problems;
}

function objectProblems(inner: Schema, outer: Schema, path: string, context: Context): Problem[] {
  const { role } = context;
  const problems: Problem[] = [];
  // Fields are named by old and new, whichever side the role puts inside.
  const [old, now] = role === 'request' ? [inner, outer] : [outer, inner];
  const oldFields = (old.properties ?? {}) as Record<string, JsonSchema>;
  const newFields = (now.properties ?? {}) as Record<string, JsonSchema>;
  const oldRequired = new Set((old.required ?? []) as string[]);
  const newRequired = new Set((now.required ?? []) as string[]);
  for (const field of Object.keys(oldFields)) {
    if (!(field in newFields))
      problems.push({
        path: join(path, field),
        problem: role === 'request' ? 'removed; old callers still send it and would be ignored or refused' : 'removed; old readers rely on it',
      });
  }
  for (const field of Object.keys(newFields)) {
    const where = join(path, field);
    if (!(field in oldFields)) {
      if (role === 'request' && newRequired.has(field)) problems.push({ path: where, problem: 'new required field; old callers do not send it' });
      if (role === 'reply') problems.push(...covers(newFields[field]!, extraFields(old), where, context));
      continue;
    }
    if (role === 'request' && newRequired.has(field) && !oldRequired.has(field))
      problems.push({ path: where, problem: 'became required; old callers may leave it out' });
    if (role === 'reply' && oldRequired.has(field) && !newRequired.has(field))
      problems.push({ path: where, problem: 'became optional; old readers rely on it' });
    problems.push(
      ...(role === 'request' ? covers(oldFields[field]!, newFields[field]!, where, context) : covers(newFields[field]!, oldFields[field]!, where, context)),
    );
  }
  // Fields beyond the listed ones (a record, a closed object).
  if (outer.additionalProperties !== undefined || inner.additionalProperties !== undefined) {
    const innerExtra = extraFields(inner);
    const outerExtra = extraFields(outer);
    if (outerExtra === false && innerExtra !== false)
      problems.push({
        path,
        problem:
          role === 'request'
            ? 'now refuses fields it does not list (a closed object); old callers may send them'
            : 'was a closed object, which old readers still check: the new one may carry fields they refuse',
      });
    else if (outerExtra !== false && innerExtra !== false) problems.push(...covers(innerExtra, outerExtra, `${path}{*}`, context));
  }
  if (outer.propertyNames !== undefined)
    problems.push(...covers((inner.propertyNames as JsonSchema | undefined) ?? true, outer.propertyNames as JsonSchema, `${path}{key}`, context));
  return problems;
}

/** What an object accepts for a field it does not list: any value, unless it is closed or a record. */
function extraFields(schema: Schema): JsonSchema {
  return (schema.additionalProperties as JsonSchema | undefined) ?? true;
}
