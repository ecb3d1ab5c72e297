import type { NatsConnection } from '@nats-io/transport-node';
import { users, type Actor } from '@freight/contracts';
import { NatsRpcClient, RemoteError, failureOf, namespacedSubject } from '@freight/server';
import { connectTestNats, tcpProxy, testNats, testNatsConfig, uniqueNamespace, until, type TcpProxy } from '@freight/server-testing';

// A request whose connection is lost while it waits (a NATS node closing it: docs/adr/0051-drain-and-probes.md)
// is sent once more when that is safe, and never when it is a write without an idempotency key.
// The caller reaches the test NATS through a proxy this test cuts; a plain responder loses the
// first reply of each request (it comes after the cut, to an inbox that is gone).

const actor: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };
const namespace = uniqueNamespace();
let responder: NatsConnection;
let link: TcpProxy;
let client: NatsRpcClient;
/** How often each username was asked for. */
const asked = new Map<string, number>();

beforeAll(async () => {
  responder = await connectTestNats('admin');
  responder.subscribe(namespacedSubject(namespace, users.subjects.get), {
    callback: (_, message) => {
      const { data } = message.json<{ data: { params: { username: string } } }>();
      const username = data.params.username;
      const times = (asked.get(username) ?? 0) + 1;
      asked.set(username, times);
      const reply = () => message.respond(JSON.stringify({ response: { username, times } }));
      // The first reply is on its way while the caller's connection goes: too late for it.
      if (times === 1) setTimeout(reply, 1500);
      else reply();
    },
  });
  await responder.flush();
  const url = new URL(testNats().url);
  link = await tcpProxy({ host: url.hostname, port: Number(url.port) });
  client = new NatsRpcClient({ ...testNatsConfig(namespace, 4000), NATS_URL: link.url(testNats().url) });
  await client.connect();
});

afterAll(async () => {
  await client?.close();
  await link?.close();
  await responder?.drain();
});

/** Asks for `username`, and cuts the caller's connection (restored at once) once the responder has the request. */
async function askAcrossACut(username: string, resendable: boolean): Promise<unknown> {
  const answer = client.request(users.subjects.get, { actor, params: { username } }, { resendable });
  answer.catch(() => undefined);
  await until(async () => (asked.has(username) ? true : undefined), `the request for ${username} to arrive`);
  await link.cut();
  await link.restore();
  return answer;
}

it('sends a resendable request (a read, a keyed write) once more after its connection was lost, and answers its reply', async () => {
  await expect(askAcrossACut('reader', true)).resolves.toEqual({ username: 'reader', times: 2 });
  expect(asked.get('reader')).toBe(2);
});

it('never sends again a request that is not resendable (a write without a key): it fails with 503', async () => {
  const error = await failureOf(RemoteError, askAcrossACut('unkeyed', false));
  expect(error.body.code).toBe('SERVICE_UNAVAILABLE');
  // Its late reply came and went; nothing asked twice.
  await new Promise((resolve) => setTimeout(resolve, 1600));
  expect(asked.get('unkeyed')).toBe(1);
});
