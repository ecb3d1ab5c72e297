import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Children } from './children.mjs';
import { canConnect, freePort, waitFor } from './net.mjs';

const dir = mkdtempSync(join(tmpdir(), 'children-'));
let n = 0;
let children;
afterEach(() => children?.stopAll(2000));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A child that counts its runs in a file, then exits with code 3 after `lifeMs`. */
function crashing(lifeMs = 0) {
  const runs = join(dir, `runs-${++n}`);
  const code = `require('fs').appendFileSync(${JSON.stringify(runs)}, 'x'); setTimeout(() => process.exit(3), ${lifeMs});`;
  return { args: ['-e', code], runs: () => (existsSync(runs) ? readFileSync(runs, 'utf8').length : 0) };
}

/**
 * A Children whose supervisor messages are collected (returned), with these restart delays.
 * @param {typeof import('./children.mjs').RESTART_BACKOFF} backoff
 * @param {{ supervise?: boolean, onUnexpectedExit?: (name: string, code: number | null, signal: string | null) => void }} [options]
 */
function supervisor(backoff, { supervise = true, onUnexpectedExit } = {}) {
  const messages = [];
  children = new Children({ out: new PassThrough(), log: (m) => messages.push(m), backoff, onUnexpectedExit });
  if (supervise) children.supervise();
  return messages;
}
const restartDelays = (messages) => messages.filter((m) => m.includes('restarting it in')).map((m) => m.split('restarting it in ')[1]);
const until = (check, what) => waitFor(async () => check(), { timeoutMs: 20_000, intervalMs: 20, what });

describe('Children supervision', () => {
  it('restarts a child that exits on its own, doubling the delay up to the maximum, and says so', async () => {
    const messages = supervisor({ initialMs: 100, maxMs: 400, stableMs: 60_000 });
    const child = crashing();
    children.start('svc', process.execPath, child.args);
    await until(() => child.runs() >= 5, 'five runs');
    expect(restartDelays(messages).slice(0, 4)).toEqual(['0.1 s', '0.2 s', '0.4 s', '0.4 s']);
    expect(messages[0]).toBe('svc exited unexpectedly (exit code 3): restarting it in 0.1 s');
    expect(messages).toContainEqual(expect.stringMatching(/^svc restarted \(restart 1, pid \d+\)$/));
  });

  it('starts the back-off again once the child stayed up long enough', async () => {
    const messages = supervisor({ initialMs: 100, maxMs: 1600, stableMs: 200 });
    const child = crashing(300);
    children.start('svc', process.execPath, child.args);
    await until(() => restartDelays(messages).length >= 3, 'three restarts');
    expect(restartDelays(messages).slice(0, 3)).toEqual(['0.1 s', '0.1 s', '0.1 s']);
  });

  it('restarts nothing once stopAll has begun (Ctrl-C), even a restart already scheduled', async () => {
    const messages = supervisor({ initialMs: 300, maxMs: 300, stableMs: 60_000 });
    const child = crashing();
    children.start('svc', process.execPath, child.args);
    await until(() => restartDelays(messages).length === 1, 'the first exit');
    await children.stopAll(2000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(child.runs()).toBe(1);
  });

  it('reports an exit before supervise() (while starting up) instead of restarting', async () => {
    const exits = [];
    const messages = supervisor({ initialMs: 50, maxMs: 50, stableMs: 60_000 }, { supervise: false, onUnexpectedExit: (...exit) => exits.push(exit) });
    const child = crashing();
    children.start('svc', process.execPath, child.args);
    await until(() => exits.length === 1, 'the exit report');
    expect(exits).toEqual([['svc', 3, null]]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(child.runs()).toBe(1);
    expect(messages).toEqual([]);
  });

  it('kills what a crashed child left in its process group before restarting it', async () => {
    supervisor({ initialMs: 100, maxMs: 100, stableMs: 60_000 });
    const pids = join(dir, 'grandchildren');
    const code = `const { spawn } = require('child_process');
      const g = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      require('fs').appendFileSync(${JSON.stringify(pids)}, g.pid + '\\n');
      setTimeout(() => process.exit(1), 100);`;
    children.start('wrapper', process.execPath, ['-e', code]);
    await until(() => existsSync(pids) && readFileSync(pids, 'utf8').trim().split('\n').length >= 2, 'a restart');
    const first = Number(readFileSync(pids, 'utf8').split('\n')[0]);
    const alive = () => {
      try {
        process.kill(first, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until(() => !alive(), 'the first grandchild to be gone');
  });

  it('holds a child down on purpose until resume()', async () => {
    const messages = supervisor({ initialMs: 50, maxMs: 50, stableMs: 60_000 });
    const runs = join(dir, 'held');
    children.start('db', process.execPath, ['-e', `require('fs').appendFileSync(${JSON.stringify(runs)}, 'x'); setInterval(() => {}, 1000)`]);
    await until(() => existsSync(runs), 'the first run');
    await children.hold('db');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readFileSync(runs, 'utf8')).toBe('x');
    children.resume('db');
    await until(() => readFileSync(runs, 'utf8') === 'xx', 'the run after resume');
    expect(messages).toEqual([]);
  });
});

describe('Children after the supervisor ends', () => {
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('ends every child, its grandchildren and the reaper when the supervisor is SIGKILLed, freeing their ports', async () => {
    const port = await freePort();
    const pidsFile = join(dir, 'supervised');
    // A supervisor like npm start's: a server on a port, and a wrapper whose own child stays in its group.
    const server = `require('http').createServer(() => {}).listen(${port}, '127.0.0.1')`;
    const wrapper = `const g = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      require('fs').appendFileSync(${JSON.stringify(pidsFile)}, g.pid + '\\n'); setInterval(() => {}, 1000);`;
    const supervisorCode = `import { Children } from ${JSON.stringify(new URL('./children.mjs', import.meta.url).href)};
      import { appendFileSync } from 'node:fs';
      const children = new Children({ out: process.stdout });
      const server = children.start('server', process.execPath, ['-e', ${JSON.stringify(server)}]);
      const wrapper = children.start('wrapper', process.execPath, ['-e', ${JSON.stringify(wrapper)}]);
      appendFileSync(${JSON.stringify(pidsFile)}, [server.child.pid, wrapper.child.pid, children.reaperPid].join('\\n') + '\\n');
      setInterval(() => {}, 1000);`;
    const supervisor = spawn(process.execPath, ['--input-type=module', '-e', supervisorCode], {
      stdio: 'ignore',
      detached: true,
      env: { PATH: process.env.PATH },
    });
    const pids = () => (existsSync(pidsFile) ? readFileSync(pidsFile, 'utf8').trim().split('\n').map(Number) : []);
    await until(async () => pids().length === 4 && (await canConnect('127.0.0.1', port)), 'the children, the grandchild and the port');
    expect(pids().every(alive)).toBe(true);

    process.kill(supervisor.pid, 'SIGKILL');
    await until(() => !alive(supervisor.pid) || supervisor.exitCode !== null || supervisor.signalCode !== null, 'the supervisor to die');
    await waitFor(async () => pids().every((pid) => !alive(pid)), {
      timeoutMs: 5000,
      intervalMs: 50,
      what: `every child of the killed supervisor (${pids()}) to be gone`,
    });
    expect(await canConnect('127.0.0.1', port)).toBe(false);
    expect(await freePort('127.0.0.1', port)).toBe(port);
  });
});
