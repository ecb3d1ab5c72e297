// Child processes of `npm start`: output prefixed with the child's name, each in its own
// process group (so Ctrl-C reaches only the supervisor, which stops them in order), and a
// clear message when one dies on its own.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const COLORS = [36, 35, 33, 32, 34, 31];

export class Children {
  #list = [];
  #stopping = false;
  #color = 0;

  /** @param {{ out?: NodeJS.WriteStream | NodeJS.WritableStream, onUnexpectedExit?: (name: string, code: number | null, signal: string | null) => void }} options */
  constructor({ out = process.stdout, onUnexpectedExit = () => {} } = {}) {
    this.out = out;
    this.onUnexpectedExit = onUnexpectedExit;
  }

  get stopping() {
    return this.#stopping;
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
   * Starts a long-running child.
   * @param {string} name @param {string} command @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, stopSignal?: NodeJS.Signals, onLine?: (line: string) => void }} [options]
   */
  start(name, command, args, { env, cwd, stopSignal = 'SIGTERM', onLine } = {}) {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const entry = { name, child, stopSignal, exited: new Promise((r) => child.once('exit', (code, signal) => r({ code, signal }))) };
    child.once('error', (error) => this.out.write(`[${name}] could not start: ${error.message}\n`));
    this.pipe(name, child.stdout, onLine);
    this.pipe(name, child.stderr, onLine);
    entry.exited.then(({ code, signal }) => {
      entry.done = true;
      if (!this.#stopping) this.onUnexpectedExit(name, code, signal);
    });
    this.#list.push(entry);
    return entry;
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
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(stdout) : reject(new Error(`${name} failed (exit ${code}):\n${`${stdout}\n${stderr}`.trim()}`)),
      );
    });
  }

  /** Stops every child, last started first, each with its stop signal, then SIGKILL after `graceMs`. */
  async stopAll(graceMs = 10_000) {
    this.#stopping = true;
    for (const entry of [...this.#list].reverse()) {
      if (entry.done || entry.child.exitCode !== null || entry.child.pid === undefined) continue;
      signalGroup(entry.child.pid, entry.stopSignal);
      const timer = setTimeout(() => signalGroup(entry.child.pid, 'SIGKILL'), graceMs);
      await entry.exited;
      clearTimeout(timer);
    }
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
