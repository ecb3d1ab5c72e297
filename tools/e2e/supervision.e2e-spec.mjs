import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { startSystem } from '../dev/start.mjs';
import { waitFor } from '../dev/net.mjs';

// npm start's supervisor on a system of its own (the suite's shared one must stay up):
// a part killed with SIGKILL comes back by itself and the rest keeps running.
let system;
let log = '';
const out = new Writable({
  write(chunk, _encoding, done) {
    log += chunk;
    done();
  },
});

beforeAll(async () => {
  system = await startSystem({ isolated: { label: 'supervise' }, build: false, out });
}, 180_000);
afterAll(() => system?.stop());

const health = async () => (await fetch(`${system.url}/api/health`, { signal: AbortSignal.timeout(3000) })).json();
const signIn = () =>
  fetch(`${system.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: system.headLogin.username, password: system.headLogin.password }),
    signal: AbortSignal.timeout(5000),
  });
const eventually = (check, what) => waitFor(async () => check(), { timeoutMs: 60_000, what });

describe('npm start supervision', () => {
  it('restarts the directory service after SIGKILL, says so, and it answers again', async () => {
    const killed = system.children.pid('directory');
    process.kill(killed, 'SIGKILL');
    await eventually(() => log.includes('directory exited unexpectedly (SIGKILL): restarting it in 0.5 s'), 'the restart notice');
    await eventually(() => system.children.pid('directory') !== killed && log.includes('directory restarted (restart 1'), 'a new directory process');
    await eventually(async () => (await health()).services.directory === 'up', 'the directory to answer health');
    expect((await signIn()).status).toBe(200);
  }, 90_000);

  it('restarts the gateway after SIGKILL, on the same port behind the same URL', async () => {
    process.kill(system.children.pid('gateway'), 'SIGKILL');
    await eventually(() => log.includes('gateway exited unexpectedly (SIGKILL)'), 'the restart notice');
    await eventually(async () => (await signIn()).status === 200, 'sign-in through the edge');
  }, 90_000);
});
