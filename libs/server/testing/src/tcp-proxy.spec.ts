import net, { type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { tcpProxy, type TcpProxy } from './tcp-proxy.js';

let echo: net.Server;
let proxy: TcpProxy;

beforeAll(async () => {
  echo = net.createServer((socket) => socket.on('error', () => undefined).pipe(socket));
  echo.listen(0, '127.0.0.1');
  await once(echo, 'listening');
  proxy = await tcpProxy({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
});
afterAll(async () => {
  await proxy.close();
  echo.close();
});

/** Connects through the proxy and sends `text`; resolves what came back, or the error code. */
function roundTrip(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(proxy.port, '127.0.0.1', () => socket.write(text));
    socket.once('data', (data) => {
      resolve(data.toString());
      socket.end();
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('tcpProxy', () => {
  it('forwards, refuses while cut, resets open connections, and forwards again on the same port after restore', async () => {
    expect(await roundTrip('hello')).toBe('hello');

    const open = net.connect(proxy.port, '127.0.0.1');
    await once(open, 'connect');
    const closed = new Promise((resolve) => open.on('error', () => undefined).once('close', resolve));
    await proxy.cut();
    await closed;
    expect(await roundTrip('anyone?')).toBe('ECONNREFUSED');

    await proxy.restore();
    expect(await roundTrip('back')).toBe('back');
  });

  it('points a URL at itself', () => {
    expect(proxy.url('postgres://role:secret@db.example:5432/freight')).toBe(`postgres://role:secret@127.0.0.1:${proxy.port}/freight`);
  });
});
