interface Waiting {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * At most `slots` pieces of work at a time; the rest wait in order, each for at most the time its
 * `run` allows. One that cannot start by then is refused with `busy()` without having run, so its
 * caller can answer at once that nothing was done.
 */
export class BoundedWork {
  private running = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    readonly slots: number,
    private readonly busy: () => Error,
  ) {}

  async run<T>(work: () => Promise<T>, maxWaitMs: number): Promise<T> {
    await this.slot(maxWaitMs);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private slot(maxWaitMs: number): Promise<void> {
    if (this.running < this.slots) {
      this.running++;
      return Promise.resolve();
    }
    if (maxWaitMs <= 0) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const entry: Waiting = {
        start: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(this.busy());
        }, maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** The slot passes straight to the next in line, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running--;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  }
}
