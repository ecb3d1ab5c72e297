// The reaper of `npm start`'s children (docs/adr/0049-cluster-mode.md): a tiny process in a
// process group of its own, started by the supervisor (children.mjs) with a pipe on its stdin.
// The supervisor writes `+<pid>` when it starts a child (the leader of its own group) and
// `-<pid>` when that child has exited. When the pipe closes, the supervisor has ended, however
// it ended (SIGKILL included: the kernel closes its end): every group still listed gets SIGTERM,
// then SIGKILL after REAP_GRACE_MS, and the reaper exits.
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** How long a child has to stop on SIGTERM once its supervisor is gone. */
export const REAP_GRACE_MS = 3000;

/** Signals the process group `pid` leads, else (a child run in the supervisor's group) the process; false when neither is left. */
function signalGroup(pid, signal) {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, signal);
      return true;
    } catch {
      // not (or no longer) there
    }
  }
  return false;
}

/**
 * Follows the supervisor's messages on `input`; once it ends, stops every group still listed.
 * @param {NodeJS.ReadableStream} input @param {{ graceMs?: number }} [options]
 * @returns {Promise<void>} resolves once every listed group is gone (or was killed)
 */
export async function reap(input, { graceMs = REAP_GRACE_MS } = {}) {
  const groups = new Set();
  for await (const line of createInterface({ input })) {
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 1) continue; // never -1 (every process) or 0 (our own group)
    if (line.startsWith('+')) groups.add(pid);
    else if (line.startsWith('-')) groups.delete(pid);
  }
  const alive = [...groups].filter((pid) => signalGroup(pid, 'SIGTERM'));
  const deadline = Date.now() + graceMs;
  while (alive.some((pid) => signalGroup(pid, 0)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const pid of alive) signalGroup(pid, 'SIGKILL');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Ctrl-C in the terminal reaches the supervisor's group, not ours; the supervisor stops the children.
  process.on('SIGINT', () => {});
  process.on('SIGHUP', () => {});
  await reap(process.stdin);
  process.exit(0);
}
