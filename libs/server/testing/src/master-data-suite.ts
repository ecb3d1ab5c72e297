import type { ResourceDef } from '@freight/contracts';
import type { NatsRpcClient } from '@freight/server';
import { remoteErrorOf as errorOf } from './service-harness.js';
import { headActor as actor } from './users.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the suite reads the replies of any resource's operations */

type Body = Record<string, string>;

export interface MasterDataSuiteOptions {
  /** A valid add body, a different one (key and every other field) for each n = 1, 2, 3, … */
  sample: (n: number) => Body;
  /** A valid update body: every field the update takes (under the names it takes them), with values none of the samples has. */
  change: Body;
  /** A value per field that its schema refuses (too long, not an e-mail address): each add with it is a 400 naming the field. */
  invalid?: Body;
}

/** What defineMasterData adds to a definition: the update body's names of renamed fields, the replies' keys. */
interface MasterDataParts {
  masterData?: { renames: Readonly<Record<string, string>>; replyKeys: { one: string; many: string } };
}

/**
 * The integration tests every master-data resource made with `npm run new:resource` gets (its
 * `<name>.int-spec.ts` calls this), over real NATS against the service on a fresh database: add
 * with the definition's text, 409 for a key taken in any case, 400 for an empty key, list with
 * paging, every sort and the search fields, search with the exact key first, get in any case,
 * unique, update (and rename), delete, and 404 with the definition's text for an unknown key.
 */
export function masterDataSuite(
  resource: ResourceDef & { subjects: Record<string, string> } & MasterDataParts,
  start: () => Promise<{ client: NatsRpcClient; close(): Promise<void> }>,
  options: MasterDataSuiteOptions,
): void {
  const { subjects: S, naturalKey: key, texts, name } = resource;
  const renames = resource.masterData?.renames ?? {};
  const one = resource.masterData?.replyKeys.one ?? resource.name;
  /** An update body as the record's fields: `newOriginPortName` → OriginPortName. */
  const asRecord = (body: Body) =>
    Object.fromEntries(Object.entries(body).map(([field, value]) => [Object.keys(renames).find((f) => renames[f] === field) ?? field, value]));
  let h: { client: NatsRpcClient; close(): Promise<void> };
  const call = (subject: string | undefined, message: object): Promise<any> => {
    if (subject === undefined) throw new Error(`${resource.key} has no such operation`);
    return h.client.request(subject as never, { actor, ...message } as never);
  };
  const keyOf = (n: number) => options.sample(n)[key]!;
  const record = (n: number) => ({ _id: expect.any(String), ...options.sample(n) });
  const add = (body: Body) => call(S.add, { body });
  const list = (query: object = {}) => call(S.all, { query });
  const byKey = (subject: string | undefined, value: string, more: object = {}) => call(subject, { params: { [key]: value }, ...more });
  const keys = (items: Body[]) => items.map((item) => item[key]);

  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h?.close());

  describe(`${resource.service}.${name} (the master-data suite)`, () => {
    it("adds records, answering the REST reply with the definition's text", async () => {
      await expect(add(options.sample(2))).resolves.toEqual({ success: true, message: texts.added, [one]: record(2) });
      await add(options.sample(3));
      await add(options.sample(1));
    });

    it('refuses a key already taken, whatever its case (409), and an empty key (400)', async () => {
      const taken = await errorOf(add({ ...options.sample(4), [key]: keyOf(1).toUpperCase() }));
      expect(taken).toMatchObject({ code: 'CONFLICT', details: { [key]: expect.stringContaining(keyOf(1).toUpperCase()) } });
      await expect(errorOf(add({ ...options.sample(4), [key]: '  ' }))).resolves.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { [`body.${key}`]: expect.any(String) },
      });
      await expect(list()).resolves.toMatchObject({ total: 3 });
    });

    it('lists by the key, pages with the total, and sorts by each sort field', async () => {
      const all = await list();
      expect(keys(all.items)).toEqual([keyOf(1), keyOf(2), keyOf(3)]);
      expect(all.items[0]).toEqual(record(1));
      await expect(list({ order: 'desc', page: 1, pageSize: 2 }).then((page) => [keys(page.items), page.total])).resolves.toEqual([[keyOf(3), keyOf(2)], 3]);
      await expect(list({ order: 'desc', page: 2, pageSize: 2 }).then((page) => keys(page.items))).resolves.toEqual([keyOf(1)]);
      for (const sort of resource.sortFields) {
        const sorted = await list({ sort, page: 1, pageSize: 10 });
        expect([sort, sorted.total, sorted.items.map((item: Body) => item[sort])]).toEqual([sort, 3, [1, 2, 3].map((n) => options.sample(n)[sort])]);
      }
    });

    it("finds a record by any of the list's search fields, case-insensitively", async () => {
      for (const field of resource.searchFields) {
        const found = await list({ q: options.sample(2)[field]!.toUpperCase() });
        expect([field, keys(found.items)]).toEqual([field, [keyOf(2)]]);
      }
      await expect(list({ q: 'matches-none-of-them' })).resolves.toEqual({ items: [], total: 0 });
    });

    it('search answers the exact key first, then the keys that contain the text', async () => {
      const found = await byKey(S.search, keyOf(2).toLowerCase());
      expect(found.success).toBe(true);
      const [records] = Object.values(found).filter(Array.isArray) as Body[][];
      expect(records![0]).toEqual(record(2));
    });

    it("gets a record by its key in any case, or NOT_FOUND with the definition's text", async () => {
      await expect(byKey(S.get, keyOf(3).toUpperCase())).resolves.toEqual(record(3));
      await expect(errorOf(byKey(S.get, 'no such record'))).resolves.toEqual({ code: 'NOT_FOUND', message: texts.notFound });
    });

    if (S.unique) {
      it('unique answers every key, sorted', async () => {
        await expect(call(S.unique, {})).resolves.toEqual([keyOf(1), keyOf(2), keyOf(3)]);
      });
    }

    it("updates a record by its key (any case), answering the definition's text, or NOT_FOUND", async () => {
      const updated = { ...record(2), ...asRecord(options.change) };
      const newKey = renames[key] === undefined ? undefined : options.change[renames[key]];
      await expect(byKey(S.update, keyOf(2).toUpperCase(), { body: options.change })).resolves.toEqual({
        success: true,
        message: texts.updated,
        [one]: updated,
      });
      await expect(byKey(S.get, newKey ?? keyOf(2))).resolves.toEqual(updated);
      if (newKey !== undefined) await expect(errorOf(byKey(S.get, keyOf(2)))).resolves.toMatchObject({ code: 'NOT_FOUND' });
      await expect(errorOf(byKey(S.update, 'no such record', { body: options.change }))).resolves.toEqual({ code: 'NOT_FOUND', message: texts.notFound });
    });

    if (renames[key]) {
      it('refuses a rename onto a key another record has, whatever its case (409), and changes nothing', async () => {
        const body = { ...options.change, [renames[key]!]: keyOf(1).toUpperCase() };
        await expect(errorOf(byKey(S.update, keyOf(3), { body }))).resolves.toMatchObject({
          code: 'CONFLICT',
          details: { [key]: expect.stringContaining(keyOf(1).toUpperCase()) },
        });
        await expect(byKey(S.get, keyOf(3))).resolves.toEqual(record(3));
      });
    }

    it("deletes a record with the definition's text; then it is gone (NOT_FOUND)", async () => {
      await expect(byKey(S.delete, keyOf(3))).resolves.toEqual({ message: texts.deleted });
      await expect(errorOf(byKey(S.get, keyOf(3)))).resolves.toEqual({ code: 'NOT_FOUND', message: texts.notFound });
      await expect(errorOf(byKey(S.delete, keyOf(3)))).resolves.toEqual({ code: 'NOT_FOUND', message: texts.notFound });
      await expect(list()).resolves.toMatchObject({ total: 2 });
    });

    it('trims the key and the other fields, and finds the record by the trimmed key', async () => {
      const padded = Object.fromEntries(Object.entries(options.sample(7)).map(([field, value]) => [field, `  ${value} `]));
      await expect(add(padded)).resolves.toMatchObject({ [one]: record(7) });
      await expect(byKey(S.delete, keyOf(7))).resolves.toEqual({ message: texts.deleted });
    });

    it('lets one of two concurrent adds of the same key win; the other is a 409', async () => {
      const results = await Promise.allSettled([add(options.sample(8)), add({ ...options.sample(9), [key]: keyOf(8).toLowerCase() })]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      await expect(errorOf(Promise.reject(refused.reason))).resolves.toMatchObject({ code: 'CONFLICT' });
      await expect(list({ q: keyOf(8) })).resolves.toMatchObject({ total: 1 });
    });

    if (options.invalid) {
      it('refuses a value its field does not take (too long, not an e-mail address) with 400 naming the field, on add and on update', async () => {
        for (const [field, value] of Object.entries(options.invalid!)) {
          const added = await errorOf(add({ ...options.sample(10), [field]: value }));
          expect([field, added]).toEqual([
            field,
            expect.objectContaining({ code: 'VALIDATION_FAILED', details: expect.objectContaining({ [`body.${field}`]: expect.any(String) }) }),
          ]);
          const named = renames[field] ?? (field === key ? undefined : field);
          if (named === undefined) continue;
          const updated = await errorOf(byKey(S.update, keyOf(1), { body: { ...options.change, [named]: value } }));
          expect([field, updated]).toEqual([
            field,
            expect.objectContaining({ code: 'VALIDATION_FAILED', details: expect.objectContaining({ [`body.${named}`]: expect.any(String) }) }),
          ]);
        }
        await expect(errorOf(byKey(S.get, options.sample(10)[key]!))).resolves.toMatchObject({ code: 'NOT_FOUND' });
        await expect(byKey(S.get, keyOf(1))).resolves.toEqual(record(1));
      });
    }
  });
}
