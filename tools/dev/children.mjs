// Child processes of `npm start`: output prefixed with the child's name, each in its own
// process group (so Ctrl-C reaches only the supervisor, which stops them in order). Once the
// system is up (`supervise()`), a child that exits on its own is started again with
// exponential back-off, and the log says so; only stopAll() (Ctrl-C) ends them for good.
// A reaper (reaper.mjs, a process group of its own) stops every child once the supervisor has
// ended, however it ended: a SIGKILLed `npm start` leaves nothing holding the ports.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const REAPER = fileURLToPath(new URL('./reaper.mjs', import.meta.url));

const COLORS = [36, 35, 33, 32, 34, 31];

/** Restart delays: `initialMs`, doubling up to `maxMs`; back to `initialMs` once a child stayed up `stableMs`. */
export const RESTART_BACKOFF = { initialMs: 500, maxMs: 30_000, stableMs: 20_000 };

const seconds = (ms) => `${Number((ms / 1000).toFixed(1))} s`;

export class Children {
  #list = [];
  #stopping = false;
  #supervising = false;
  #color = 0;
  /** @type {import('node:child_process').ChildProcess | undefined} */
  #reaper;

  /**
   * @param {{ out?: NodeJS.WriteStream | NodeJS.WritableStream,
   *           onUnexpectedExit?: (name: string, code: number | null, signal: string | null) => void,
   *           log?: (message: string) => void, backoff?: typeof RESTART_BACKOFF }} options
   *   `onUnexpectedExit`: a child exited on its own before supervise() (while starting up).
   */
  constructor({ out = process.stdout, onUnexpectedExit = () => {}, log, backoff = RESTART_BACKOFF } = {}) {
    this.out = out;
    this.onUnexpectedExit = onUnexpectedExit;
    this.log = log ?? ((message) => out.write(`${'[supervisor]'.padEnd(12)} ${message}\n`));
    this.backoff = backoff;
  }

  get stopping() {
    return this.#stopping;
  }

  /** From now on a child that exits on its own is restarted rather than reported. */
  supervise() {
    this.#supervising = true;
  }

  /** Prefixes every line of `stream` with `[name]`. */
  pipe(name, stream, onLine = (_line) => {}) {
    const tty = 'isTTY' in this.out && this.out.isTTY;
    const color = COLORS[this.#color++ % COLORS.length];
    const label = `[${name}]`.padEnd(12);
    const prefix = tty ? `\x1b[${color}m${label}\x1b[0m ` : `${label} `;
    createInterface({ input: stream }).on('line', (line) => {
      this.out.write(prefix + line + '\n');
      onLine(line);
    });
  }

  /**
   * Starts a long-running child. The entry stays the same across restarts: `child`, `exited`
   * and `done` are those of the current process.
   * @param {string} name @param {string} command @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, stopSignal?: NodeJS.Signals, onLine?: (line: string) => void }} [options]
   */
  start(name, command, args, { env, cwd, stopSignal = 'SIGTERM', onLine } = {}) {
    const entry = { name, stopSignal, spawn: { command, args, env, cwd, onLine }, restarts: 0, failures: 0, held: false, timer: undefined };
    this.#spawn(entry);
    this.#list.push(entry);
    return entry;
  }

  /** Tells the reaper a child's pid to stop if we end (`+`), or that it has exited (`-`). */
  #tellReaper(sign, pid) {
    if (pid === undefined) return;
    if (!this.#reaper) {
      this.#reaper = spawn(process.execPath, [REAPER], { stdio: ['pipe', 'ignore', 'inherit'], detached: true, env: { PATH: process.env.PATH } });
      // It must not keep this process alive, nor fail it when it ends first.
      this.#reaper.unref();
      /** @type {any} */ (this.#reaper.stdin).unref?.();
      this.#reaper.stdin?.on('error', () => {});
    }
    if (!this.#reaper.stdin?.writableEnded) this.#reaper.stdin?.write(`${sign}${pid}\n`);
  }

  /** The reaper's pid (tests). */
  get reaperPid() {
    return this.#reaper?.pid;
  }

  #spawn(entry) {
    const { command, args, env, cwd, onLine } = entry.spawn;
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    Object.assign(entry, { child, done: false, startedAt: Date.now() });
    this.#tellReaper('+', child.pid);
    entry.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    entry.exited.then(() => this.#tellReaper('-', child.pid));
    child.once('error', (error) => this.out.write(`[${entry.name}] could not start: ${error.message}\n`));
    this.pipe(entry.name, child.stdout, onLine);
    this.pipe(entry.name, child.stderr, onLine);
    entry.exited.then(({ code, signal }) => {
      entry.done = true;
      if (this.#stopping || entry.held) return;
      if (this.#supervising) this.#restartLater(entry, code, signal);
      else this.onUnexpectedExit(entry.name, code, signal);
    });
  }

  #restartLater(entry, code, signal) {
    // What the child left in its group (the postgres server under its wrapper, say) would hold its port.
    signalGroup(entry.child.pid, 'SIGKILL');
    if (Date.now() - entry.startedAt >= this.backoff.stableMs) entry.failures = 0;
    const delay = Math.min(this.backoff.initialMs * 2 ** entry.failures, this.backoff.maxMs);
    entry.failures++;
    this.log(`${entry.name} exited unexpectedly (${signal ?? `exit code ${code}`}): restarting it in ${seconds(delay)}`);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (this.#stopping || entry.held) return;
      entry.restarts++;
      this.#spawn(entry);
      this.log(`${entry.name} restarted (restart ${entry.restarts}, pid ${entry.child.pid})`);
    }, delay);
  }

  #entry(name) {
    const entry = this.#list.find((e) => e.name === name);
    if (!entry) throw new Error(`No child named ${name}`);
    return entry;
  }

  /** The pid of the child's current process. */
  pid(name) {
    return this.#entry(name).child.pid;
  }

  /**
   * Stops one child on purpose (fault drills, a rolling restart) with its stop signal, or `signal`
   * (nats-server's lame duck mode is SIGUSR2): it stays down until resume(). Answers its exit code
   * (or the signal that ended it).
   */
  async hold(name, graceMs = 10_000, signal = undefined) {
    const entry = this.#entry(name);
    entry.held = true;
    clearTimeout(entry.timer);
    await stopEntry(entry, graceMs, signal);
    return entry.child.exitCode ?? entry.child.signalCode;
  }

  /** Starts a held child again. */
  resume(name) {
    const entry = this.#entry(name);
    entry.held = false;
    entry.failures = 0;
    if (entry.done && !this.#stopping) this.#spawn(entry);
  }

  /**
   * Runs a child to completion; resolves with its stdout, rejects with its output on failure.
   * @param {string} name @param {string} command @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, cwd?: string }} [options]
   * @returns {Promise<string>}
   */
  run(name, command, args, { env, cwd } = {}) {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      this.#tellReaper('+', child.pid);
      child.once('exit', () => this.#tellReaper('-', child.pid));
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${name} failed (exit ${code}):\n${`${stdout}\n${stderr}`.trim()}`))));
    });
  }

  /** Stops every child, last started first, each with its stop signal, then SIGKILL after `graceMs`; no restarts. */
  async stopAll(graceMs = 10_000) {
    this.#stopping = true;
    for (const entry of this.#list) clearTimeout(entry.timer);
    for (const entry of [...this.#list].reverse()) await stopEntry(entry, graceMs);
    this.#reaper?.stdin?.end(); // nothing left to reap: it exits
  }
}

async function stopEntry(entry, graceMs, signal = entry.stopSignal) {
  if (entry.done || entry.child.exitCode !== null || entry.child.pid === undefined) return;
  signalGroup(entry.child.pid, signal);
  const timer = setTimeout(() => signalGroup(entry.child.pid, 'SIGKILL'), graceMs);
  await entry.exited;
  clearTimeout(timer);
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
