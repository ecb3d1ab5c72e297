import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
import { api, branchCreateSchema, branchSchema, branchUpdateSchema, branches, messageSchema, type ApiRoute, type OperationDef } from '@freight/contracts';
import { RELEASE_SNAPSHOT_PATH, compareContracts, contractSnapshot, type ContractSnapshot, type JsonSchema } from '@freight/contracts/compat';
import { stackForFile } from '../testing/gateway-stack.js';

/*
 * Versions side by side (issue 22, ADR 55): a change is deployed service first, so for a while
 * the gateway of the last release forwards to services of this one. What runs for real: the
 * services of this build (from dist) on Postgres and NATS, and this gateway's code, in process.
 * What is simulated: the OLD GATEWAY. No build of the previous release exists here, so the
 * gateway takes, for the one route under test, the schemas the previous release had: this
 * release's with one field fewer, as if that field were this release's change. The gateway
 * checks its input and its replies with the route's schemas at each call (reply.interceptor.ts,
 * validation.ts), so that is what an old build would do with them. The previous release's JSON
 * Schema is the committed snapshot with that field taken out, and the compatibility check
 * (`npm test`, libs/contracts/src/compat) must judge each change as the calls turn out.
 */
const shared = stackForFile();
const { call } = shared;

const release = JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../${RELEASE_SNAPSHOT_PATH}`, import.meta.url)), 'utf8')) as ContractSnapshot;
const json = (schema: z.ZodMiniType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/**
 * The contracts of the previous release: the committed snapshot with `part` of `route` (on the
 * REST route and on its NATS subject) as `schema` says.
 */
function previousRelease(route: ApiRoute, operation: OperationDef, part: 'body' | 'reply', schema: z.ZodMiniType): ContractSnapshot {
  const key = `${route.method} ${route.path}`;
  const subject = route.subject!;
  const onSubject = part === 'body' ? { request: json(messageSchema({ ...operation, body: schema })) } : { reply: json(schema) };
  return {
    ...release,
    subjects: { ...release.subjects, [subject]: { ...release.subjects[subject]!, ...onSubject } },
    routes: { ...release.routes, [key]: { ...release.routes[key]!, [part]: json(schema) } },
  };
}

/** What the check says of this version after `previous` (`npm test` runs it against the real snapshot). */
const verdict = (previous: ContractSnapshot) =>
  compareContracts(previous, contractSnapshot()).map(({ where, path, problem }) => `${where} ${path}: ${problem.split(';')[0]}`);

/** For the test's calls: `route` checks its `part` with the previous release's schema, as the old gateway's build did. */
async function throughOldGateway<T>(route: ApiRoute, part: 'body' | 'reply', previous: z.ZodMiniType, calls: () => Promise<T>): Promise<T> {
  const current = route[part]!;
  route[part] = previous;
  try {
    return await calls();
  } finally {
    route[part] = current;
  }
}

const head = () => ({ token: shared.head.token });
const withoutCode = z.omit(branchSchema, { Code: true });

beforeAll(async () => {
  const added = await call('POST', '/api/branches/add', {
    ...head(),
    body: { BranchCity: 'Galle', Location: '1 Fort Rd', Contact: '091 222 3333', Code: 'GLE' },
  });
  expect(added.status).toBe(201);
});

describe("a reply field added in this release (a branch's Code), the new directory service deployed first", () => {
  it('reaches the old gateway, which answers as before: its reply check passes and drops the field it does not know', async () => {
    const reply = await throughOldGateway(api.branchesGet, 'reply', withoutCode, () => call('GET', '/api/branches/get/Galle', head()));
    expect([reply.status, reply.body]).toEqual([200, { _id: expect.any(String), BranchCity: 'Galle', Location: '1 Fort Rd', Contact: '091 222 3333' }]);
    const list = await throughOldGateway(api.branchesAll, 'reply', z.array(withoutCode), () => call('GET', '/api/branches/all?q=Galle', head()));
    expect([list.status, list.body]).toEqual([200, [{ _id: expect.any(String), BranchCity: 'Galle', Location: '1 Fort Rd', Contact: '091 222 3333' }]]);
    expect(verdict(previousRelease(api.branchesGet, branches.operations.get, 'reply', withoutCode))).toEqual([]);
  });

  it('whereas a reply field this release REMOVED (the old gateway still requires it) fails every call, and the check names it', async () => {
    const withRegion = z.extend(branchSchema, { Region: z.string() });
    const reply = await throughOldGateway(api.branchesGet, 'reply', withRegion, () => call('GET', '/api/branches/get/Galle', head()));
    expect([reply.status, reply.body.code]).toEqual([500, 'INTERNAL']);
    expect(verdict(previousRelease(api.branchesGet, branches.operations.get, 'reply', withRegion))).toEqual([
      'subject directory.branch.get reply Region: removed',
      'route GET /api/branches/get/{BranchCity} reply Region: removed',
    ]);
  });
});

describe('a request field this release accepts (an edit may send the branch Code), the new directory service deployed first', () => {
  it('is not sent by the old gateway (nor by the old screens), and the new service takes the call', async () => {
    const previousBody = z.omit(branchUpdateSchema, { Code: true });
    const body = { Location: '2 Fort Rd', Contact: '091 222 4444' };
    const reply = await throughOldGateway(api.branchesUpdate, 'body', previousBody, () => call('PUT', '/api/branches/update/Galle', { ...head(), body }));
    expect([reply.status, reply.body.branch]).toEqual([
      200,
      { _id: expect.any(String), BranchCity: 'Galle', Location: '2 Fort Rd', Contact: '091 222 4444', Code: 'GLE' },
    ]);
    expect(verdict(previousRelease(api.branchesUpdate, branches.operations.update, 'body', previousBody))).toEqual([]);
  });

  it('whereas a NEW REQUIRED request field is refused by the new service for every old gateway call, and the check names it', async () => {
    const previousBody = z.omit(branchCreateSchema, { Code: true });
    const body = { BranchCity: 'Matara', Location: '3 Beach Rd', Contact: '041 222 3333' };
    const reply = await throughOldGateway(api.branchesAdd, 'body', previousBody, () => call('POST', '/api/branches/add', { ...head(), body }));
    expect([reply.status, reply.body.code, Object.keys(reply.body.details ?? {})]).toEqual([400, 'VALIDATION_FAILED', ['body.Code']]);
    expect(verdict(previousRelease(api.branchesAdd, branches.operations.add, 'body', previousBody))).toEqual([
      'subject directory.branch.add request body.Code: new required field',
      'route POST /api/branches/add body Code: new required field',
    ]);
  });
});
