import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
import { api } from '../api.js';
import { RELEASE_SNAPSHOT_PATH, compareContracts, contractSnapshot, describeIncompatibility, type ContractSnapshot } from './index.js';

// ADR 55: during a rollout the last release's gateway and services run beside this version's.
const release = JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../${RELEASE_SNAPSHOT_PATH}`, import.meta.url)), 'utf8')) as ContractSnapshot;
const current = contractSnapshot();

it("changes the last release's contracts (libs/contracts/compat/release.json) only additively", () => {
  // A breaking change is listed here by subject, route or event and field. Release it under a new
  // subject or route version beside the old one (README "Releases and contract changes").
  expect(compareContracts(release, current).map(describeIncompatibility)).toEqual([]);
});

it('covers every subject, route and event of the contracts', () => {
  expect(Object.keys(current.subjects).length).toBeGreaterThan(100);
  expect(Object.keys(current.routes)).toHaveLength(Object.keys(api).length);
  expect(Object.keys(current.events)).toContain('events.shipment.job.created');
});

it('would name a field the last release had and this version removed', () => {
  const route = api.branchesAdd;
  const reply = route.reply.def.shape;
  const { branch: _, ...withoutBranch } = reply;
  const changed = {
    ...current,
    routes: {
      ...current.routes,
      'POST /api/branches/add': { ...current.routes['POST /api/branches/add']!, reply: z.toJSONSchema(z.object(withoutBranch), { io: 'input' }) },
    },
  };
  expect(compareContracts(release, changed as ContractSnapshot).map(describeIncompatibility)).toEqual([
    'route POST /api/branches/add reply branch: removed; old readers rely on it',
  ]);
});
