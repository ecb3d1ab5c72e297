/**
 * Group commit for creations (ADR 28): requests that arrive within `waitMs` of each other (or
 * while the previous group is being written) are written together by `writeMany`, one
 * transaction for all; each caller gets its own result. If the group fails, each request is
 * written alone by `writeOne`, so a request that cannot be written fails alone and the others
 * still succeed. One group is written at a time.
 */
export class Batcher<In, Out> {
  private queue: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private timer?: NodeJS.Timeout;
  private writing = false;

  constructor(
    private readonly writeMany: (inputs: In[]) => Promise<Out[]>,
    private readonly writeOne: (input: In) => Promise<Out>,
    private readonly options: { waitMs: number; max: number },
  ) {}

  add(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.writing) return; // written with the next group, as soon as this one is done
      if (this.queue.length >= this.options.max || this.options.waitMs === 0) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.options.waitMs);
    });
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const group = this.queue.splice(0, this.options.max);
    if (group.length === 0) return;
    this.writing = true;
    try {
      const outs = await this.writeMany(group.map((item) => item.input));
      group.forEach((item, i) => item.resolve(outs[i]!));
    } catch {
      await Promise.all(group.map((item) => this.writeOne(item.input).then(item.resolve, item.reject)));
    } finally {
      this.writing = false;
      // Those that came while this group was written have waited already.
      if (this.queue.length > 0) void this.flush();
    }
  }
}
