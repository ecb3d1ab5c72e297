import { z } from 'zod/mini';
import { compareContracts, compareSchemas, describeIncompatibility, type ContractSnapshot, type JsonSchema, type Role } from './compatibility.js';

const json = (schema: z.ZodMiniType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
/** What changed between `before` and `after` for a schema of `role`, as "path: problem". */
const problems = (before: z.ZodMiniType, after: z.ZodMiniType, role: Role) =>
  compareSchemas(json(before), json(after), role).map(({ path, problem }) => `${path}: ${problem}`);

const body = z.object({ name: z.string(), note: z.optional(z.string()) });

describe('a request (the old gateway sends, the new service reads)', () => {
  it('passes an unchanged schema, a new optional field and a field made optional', () => {
    expect(problems(body, body, 'request')).toEqual([]);
    expect(problems(body, z.extend(body, { colour: z.optional(z.string()) }), 'request')).toEqual([]);
    expect(problems(body, z.object({ name: z.optional(z.string()), note: z.optional(z.string()) }), 'request')).toEqual([]);
  });

  it('fails a field removed', () => {
    expect(problems(body, z.object({ name: z.string() }), 'request')).toEqual(['note: removed; old callers still send it and would be ignored or refused']);
  });

  it('fails an optional field made required', () => {
    expect(problems(body, z.object({ name: z.string(), note: z.string() }), 'request')).toEqual(['note: became required; old callers may leave it out']);
  });

  it('fails a new required field', () => {
    expect(problems(body, z.extend(body, { colour: z.string() }), 'request')).toEqual(['colour: new required field; old callers do not send it']);
  });

  it('fails a string narrowed to an enum, and an enum value removed', () => {
    expect(problems(z.object({ kind: z.string() }), z.object({ kind: z.enum(['a', 'b']) }), 'request')).toEqual([
      'kind: narrowed to the values "a", "b"; old callers may send others',
    ]);
    expect(problems(z.object({ kind: z.enum(['a', 'b']) }), z.object({ kind: z.enum(['a']) }), 'request')).toEqual([
      'kind: value "b" removed; old callers still send it',
    ]);
  });

  it('fails a number range tightened, and passes one widened', () => {
    const amount = (min: number, max: number) => z.object({ amount: z.number().check(z.minimum(min), z.maximum(max)) });
    expect(problems(amount(0, 100), amount(1, 50), 'request')).toEqual([
      'amount: narrowed: minimum 0 → minimum 1; old callers may send values now refused',
      'amount: narrowed: maximum 100 → maximum 50; old callers may send values now refused',
    ]);
    expect(problems(amount(1, 50), amount(0, 100), 'request')).toEqual([]);
    expect(problems(z.object({ amount: z.number() }), z.object({ amount: z.int() }), 'request')[0]).toMatch(
      /^amount: type narrowed: number is no longer accepted/,
    );
  });

  it('fails a text bound tightened or a pattern added', () => {
    expect(problems(z.object({ code: z.string().check(z.maxLength(10)) }), z.object({ code: z.string().check(z.maxLength(5)) }), 'request')).toEqual([
      'code: narrowed: maxLength 10 → maxLength 5; old callers may send values now refused',
    ]);
    expect(problems(z.object({ code: z.string() }), z.object({ code: z.string().check(z.regex(/^[A-Z]+$/)) }), 'request')).toEqual([
      'code: narrowed: pattern none → pattern "^[A-Z]+$"; old callers may send values now refused',
    ]);
  });

  it('fails a union member removed (null no longer accepted, a number no longer accepted)', () => {
    expect(problems(z.object({ note: z.nullable(z.string()) }), z.object({ note: z.string() }), 'request')).toEqual([
      'note: type narrowed: null is no longer accepted (now string); old callers still send it',
    ]);
    expect(problems(z.object({ ref: z.union([z.string(), z.number()]) }), z.object({ ref: z.string() }), 'request')).toEqual([
      'ref: type narrowed: number is no longer accepted (now string); old callers still send it',
    ]);
    expect(problems(z.object({ ref: z.string() }), z.object({ ref: z.union([z.string(), z.number()]) }), 'request')).toEqual([]);
  });

  it('names the field inside arrays and nested objects', () => {
    const lines = (amount: z.ZodMiniType) => z.object({ body: z.object({ lines: z.array(z.object({ amount })) }) });
    expect(problems(lines(z.number()), lines(z.string()), 'request')).toEqual([
      'body.lines[].amount: type narrowed: number is no longer accepted (now string); old callers still send it',
    ]);
  });

  it('fails an object closed to fields it does not list', () => {
    expect(problems(body, z.strictObject(body.shape), 'request')).toEqual([
      ': now refuses fields it does not list (a closed object); old callers may send them',
    ]);
  });
});

describe('a reply or an event (the new service writes, the old reader checks)', () => {
  const reply = z.object({ id: z.string(), status: z.enum(['open', 'closed']), note: z.optional(z.string()) });

  it('passes a new field, optional or required, and a narrowing', () => {
    expect(problems(reply, z.extend(reply, { colour: z.optional(z.string()) }), 'reply')).toEqual([]);
    expect(problems(reply, z.extend(reply, { colour: z.string() }), 'reply')).toEqual([]);
    expect(problems(reply, z.extend(reply, { status: z.enum(['open']), note: z.string() }), 'reply')).toEqual([]);
  });

  it('fails a field removed, required or optional: a reader relies on it', () => {
    expect(problems(reply, z.object({ status: reply.shape.status, note: reply.shape.note }), 'reply')).toEqual(['id: removed; old readers rely on it']);
    expect(problems(reply, z.object({ id: z.string(), status: reply.shape.status }), 'reply')).toEqual(['note: removed; old readers rely on it']);
  });

  it('fails a field made optional', () => {
    expect(problems(reply, z.extend(reply, { id: z.optional(z.string()) }), 'reply')).toEqual(['id: became optional; old readers rely on it']);
  });

  it('fails an enum value added: the old reader refuses it (ADR 55)', () => {
    expect(problems(reply, z.extend(reply, { status: z.enum(['open', 'closed', 'held']) }), 'reply')).toEqual([
      'status: value "held" added; old readers refuse it (a new enum value in a reply or event is breaking, ADR 55)',
    ]);
  });

  it('fails a type widened: a union member added, null allowed, a bound loosened', () => {
    expect(problems(reply, z.extend(reply, { id: z.nullable(z.string()) }), 'reply')).toEqual([
      'id: type widened: may now be null, which old readers refuse (they accept string)',
    ]);
    expect(problems(z.object({ n: z.int().check(z.maximum(10)) }), z.object({ n: z.int().check(z.maximum(20)) }), 'reply')).toEqual([
      'n: widened: maximum 10 → maximum 20; old readers refuse values now allowed',
    ]);
  });

  it('fails a new field where the old reader refuses unknown fields', () => {
    expect(problems(z.strictObject(reply.shape), z.strictObject({ ...reply.shape, colour: z.string() }), 'reply')).toEqual(['colour: refused by old readers']);
  });
});

describe('recursive schemas', () => {
  type Node = { name: string; children: Node[] };
  const tree = (extra: Record<string, z.ZodMiniType>) => {
    const node: z.ZodMiniType<Node> = z.object({
      name: z.string(),
      ...extra,
      get children() {
        return z.array(node);
      },
    });
    return node;
  };

  it('compare through their $ref and end', () => {
    expect(problems(tree({}), tree({ colour: z.optional(z.string()) }), 'request')).toEqual([]);
    expect(problems(tree({ colour: z.optional(z.string()) }), tree({}), 'request')).toEqual([
      'colour: removed; old callers still send it and would be ignored or refused',
      'children[].colour: removed; old callers still send it and would be ignored or refused',
    ]);
  });
});

describe('compareContracts', () => {
  const snapshot = (request: z.ZodMiniType, reply: z.ZodMiniType, event: z.ZodMiniType): ContractSnapshot => ({
    zod: 'test',
    subjects: { 'shipment.job.add': { request: json(request), reply: json(reply) } },
    routes: { 'POST /api/jobs/add': { body: json(request), reply: json(reply) } },
    events: { 'events.shipment.job.created': { payload: json(event) } },
  });
  const event = z.object({ key: z.string(), jobNo: z.string() });
  const old = snapshot(body, body, event);

  it('names the subject, route or event, the part and the field path', () => {
    const now = snapshot(z.extend(body, { colour: z.string() }), z.object({ name: z.string() }), z.object({ key: z.string() }));
    expect(compareContracts(old, now).map(describeIncompatibility)).toEqual([
      'subject shipment.job.add request colour: new required field; old callers do not send it',
      'subject shipment.job.add reply note: removed; old readers rely on it',
      'route POST /api/jobs/add body colour: new required field; old callers do not send it',
      'route POST /api/jobs/add reply note: removed; old readers rely on it',
      'event events.shipment.job.created payload jobNo: removed; old readers rely on it',
    ]);
  });

  it('fails a subject, route or event removed, and passes one added', () => {
    const now = snapshot(body, body, event);
    expect(compareContracts(old, { ...now, subjects: {}, routes: {}, events: {} }).map(describeIncompatibility)).toEqual([
      'subject shipment.job.add: removed; the last release still uses it: serve it beside its successor until none of that release runs (ADR 55)',
      'route POST /api/jobs/add: removed; the last release still uses it: serve it beside its successor until none of that release runs (ADR 55)',
      'event events.shipment.job.created: removed; the last release still uses it: serve it beside its successor until none of that release runs (ADR 55)',
    ]);
    expect(compareContracts(old, { ...now, subjects: { ...now.subjects, 'shipment.job.add.v2': now.subjects['shipment.job.add']! } })).toEqual([]);
  });

  it('fails a body with a required field on a route that had none', () => {
    const { body: _, ...withoutBody } = old.routes['POST /api/jobs/add']!;
    const before = { ...old, routes: { 'POST /api/jobs/add': withoutBody } };
    expect(compareContracts(before, old).map(describeIncompatibility)).toEqual([
      'route POST /api/jobs/add body name: new required field; old callers do not send it',
    ]);
  });
});
