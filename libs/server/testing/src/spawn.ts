import { spawn, type ChildProcess } from 'node:child_process';

export interface SpawnedService {
  readonly process: ChildProcess;
  /** Everything the process wrote so far (last lines), for failure messages. */
  logs(): string;
  /** SIGTERM, then SIGKILL after a grace period. Safe to call twice. */
  stop(): Promise<void>;
}

export interface SpawnServiceOptions {
  /** Path of the built entry, e.g. `apps/services/directory/dist/main.js`. */
  entry: string;
  /** Added to (and overriding) the current environment. */
  env?: Record<string, string>;
  /** Resolves true once the process is ready to serve (see natsHealthReady, httpReady). */
  ready: () => Promise<boolean>;
  readyTimeoutMs?: number;
  /** Shown in errors. */
  name?: string;
}

const MAX_LOG_LINES = 400;
const running = new Set<ChildProcess>();

// A test run that dies (or forgets to stop) must not leave services behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Start a built service or gateway as a child process and wait until it is ready. */
export async function spawnService(options: SpawnServiceOptions): Promise<SpawnedService> {
  const name = options.name ?? options.entry;
  const child = spawn(process.execPath, [options.entry], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > MAX_LOG_LINES) lines.splice(0, lines.length - MAX_LOG_LINES);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));

  const handle: SpawnedService = {
    process: child,
    logs: () => lines.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };

  // Generous: on a 2-core machine running two test projects at once a start can take 20 s and more.
  const readyTimeoutMs = options.readyTimeoutMs ?? 45_000;
  const deadline = Date.now() + readyTimeoutMs;
  while (!(await options.ready())) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (code ${child.exitCode ?? child.signalCode}) before it was ready. Output:\n${handle.logs()}`);
    }
    if (Date.now() > deadline) {
      await handle.stop();
      throw new Error(`${name} was not ready within ${readyTimeoutMs} ms. Output:\n${handle.logs()}`);
    }
    await sleep(150);
  }
  return handle;
}
