import net from 'node:net';

/**
 * Resolves true when something accepts a TCP connection at host:port within `timeoutMs`
 * and, if `greeting` is given, its first bytes start with it (NATS says `INFO {...}`).
 * @param {string} host
 * @param {number} port
 * @param {{ timeoutMs?: number, greeting?: string }} [options]
 * @returns {Promise<boolean>}
 */
export function canConnect(host, port, { timeoutMs = 1000, greeting } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    if (greeting) socket.once('data', (data) => done(data.toString().startsWith(greeting)));
    else socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** `preferred` if nothing listens there on `host`, else a port the OS hands out. */
export async function freePort(host = '127.0.0.1', preferred = 0) {
  const listen = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.unref();
      server.once('error', () => resolve(undefined));
      server.listen({ host, port, exclusive: true }, () => {
        const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
        server.close(() => resolve(bound));
      });
    });
  if (preferred) {
    const port = await listen(preferred);
    if (port) return port;
  }
  return listen(0);
}

/** Polls `check` every `intervalMs` until it resolves truthy, or throws after `timeoutMs`. */
export async function waitFor(check, { timeoutMs, intervalMs = 250, what }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check().catch(() => undefined);
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
