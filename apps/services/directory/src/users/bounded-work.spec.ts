import { BoundedWork } from './bounded-work.js';

class Busy extends Error {}

/** A piece of work that runs until `finish` is called; `started` says whether it began. */
function gate() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const piece = { started: false, finish, work: () => ((piece.started = true), done) };
  return piece;
}

describe('BoundedWork', () => {
  it('runs at most `slots` at once, the rest in order as slots free', async () => {
    const work = new BoundedWork(2, () => new Busy());
    const pieces = [gate(), gate(), gate(), gate()];
    const runs = pieces.map((piece) => work.run(piece.work, 10_000));
    await Promise.resolve();
    expect(pieces.map((p) => p.started)).toEqual([true, true, false, false]);
    pieces[1]!.finish();
    await runs[1];
    await Promise.resolve();
    expect(pieces.map((p) => p.started)).toEqual([true, true, true, false]);
    for (const piece of pieces) piece.finish();
    await Promise.all(runs);
    expect(pieces.every((p) => p.started)).toBe(true);
  });

  it('refuses work that cannot start within maxWaitMs, without running it, and frees the slot of work that failed', async () => {
    const work = new BoundedWork(1, () => new Busy());
    const first = gate();
    const running = work.run(first.work, 0);
    const late = gate();
    await expect(work.run(late.work, 50)).rejects.toBeInstanceOf(Busy);
    await expect(work.run(late.work, 0)).rejects.toBeInstanceOf(Busy);
    expect(late.started).toBe(false);
    first.finish();
    await running;
    await expect(work.run(() => Promise.reject(new Error('failed')), 50)).rejects.toThrow('failed');
    await expect(work.run(() => Promise.resolve('next'), 0)).resolves.toBe('next');
  });
});
