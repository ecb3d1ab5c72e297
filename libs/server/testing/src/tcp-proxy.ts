import net, { type AddressInfo } from 'node:net';

/** A TCP hop a test can cut and restore, to inject a real network fault (e.g. between a service and Postgres). */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's, e.g. a service's database URL. */
  url(target: string): string;
  /** The target becomes unreachable: open connections are reset, new ones refused. */
  cut(): Promise<void>;
  /** The target stops answering: open connections are reset, new ones are accepted and never answered. */
  stall(): Promise<void>;
  /** Forward again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Listens on a free loopback port and forwards every connection to `target`. */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  let stalled = false;
  const server = net.createServer((client) => {
    if (stalled) {
      track(client);
      client.on('error', () => undefined);
      return;
    }
    const upstream = net.connect(target);
    track(client);
    track(upstream);
    // Either side failing or closing takes the other with it, as a real broken link would.
    client.on('error', () => upstream.destroy()).once('close', () => upstream.destroy());
    upstream.on('error', () => client.destroy()).once('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;

  const resetOpen = () => {
    // Reset (RST) only fully open sockets: on Node 20 resetAndDestroy() of a half-closed one
    // (its peer already sent FIN) spins the event loop at 100% CPU and the process never exits.
    for (const socket of open) {
      if (socket.readyState === 'open') socket.resetAndDestroy();
      else socket.destroy();
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      resetOpen();
    });

  return {
    port,
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: stop,
    stall: async () => {
      stalled = true;
      resetOpen();
    },
    restore: () => {
      stalled = false;
      resetOpen(); // the stalled connections, never answered
      return server.listening ? Promise.resolve() : listen(port);
    },
    close: stop,
  };
}
