import { Batcher } from './batcher.js';

describe('Batcher', () => {
  it('writes requests that arrive together as one group, each caller getting its own result', async () => {
    const groups: number[][] = [];
    const batcher = new Batcher<number, string>(
      async (inputs) => {
        groups.push(inputs);
        return inputs.map((n) => `#${n}`);
      },
      async (n) => `alone ${n}`,
      { waitMs: 5, max: 100 },
    );
    await expect(Promise.all([1, 2, 3].map((n) => batcher.add(n)))).resolves.toEqual(['#1', '#2', '#3']);
    expect(groups).toEqual([[1, 2, 3]]);
  });

  it('takes at most `max` in a group, and writes those that came meanwhile next', async () => {
    const groups: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (inputs) => {
        groups.push(inputs);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return inputs;
      },
      async (n) => n,
      { waitMs: 1, max: 2 },
    );
    await expect(Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)))).resolves.toEqual([1, 2, 3, 4, 5]);
    expect(groups.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(Math.max(...groups.map((group) => group.length))).toBe(2);
  });

  it('writes each alone when the group fails: one bad request fails alone', async () => {
    const batcher = new Batcher<number, number>(
      async () => {
        throw new Error('group failed');
      },
      async (n) => {
        if (n === 2) throw new Error('bad 2');
        return n * 10;
      },
      { waitMs: 1, max: 10 },
    );
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.add(n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([10, 'bad 2', 30]);
  });
});
