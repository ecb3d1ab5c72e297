// Attacks on the NATS hop behind the gateway (issue 5, item 3): a client on the NATS network
// must not be able to act as the gateway. Two layers are checked apart: the server's
// per-identity permissions (tools/dev/nats-config.mjs) and the gateway's signature with each
// service's own request key, which that service verifies (libs/server/core/src/gateway-signature.ts). Where an attack is refused,
// a control shows the same message does work through the path that is allowed, so the test
// fails if the attack is refused for some other reason.
import { randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { decodeJwt } from 'jose';
import { connect, headers, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { Kvm } from '@nats-io/kv';
import { Messages } from '@freight/contracts';
import { SIGNATURE_HEADER, SIGNATURE_TTL_MS, parseRequestKey, signRequest } from '@freight/server';
import { connectTestNats, permissionViolations, testNats, violationsAfter } from '@freight/server-testing';
import { revocationBucketName } from '@freight/gateway';
import { HEAD, Stack, newUser } from '../testing/gateway-stack.js';

let stack: Stack;
let headToken: string;
let admin: NatsConnection;
const opened: NatsConnection[] = [];
const call = (...args: Parameters<Stack['gateway']['call']>) => stack.gateway.call(...args);

beforeAll(async () => {
  stack = await Stack.start();
  headToken = (await stack.gateway.login(HEAD.username, HEAD.password)).token;
  admin = await connectTestNats('admin');
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([admin?.close(), ...opened.map((nc) => nc.close())]);
  await stack?.stop();
});

/** A connection as `name`, closed after the suite; `violations` collects the server's permission errors. */
async function connectAs(name: string): Promise<{ nc: NatsConnection; violations: string[] }> {
  const nc = await connectTestNats(name);
  opened.push(nc);
  return { nc, violations: permissionViolations(nc) };
}

/** Waits until the server has reported a violation matching `pattern` (it answers -ERR asynchronously). */
async function reported(violations: string[], pattern: RegExp): Promise<void> {
  expect(await violationsAfter(violations, pattern)).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
}

const wire = (subject: string) => `${stack.namespace}${subject}`;

async function userExists(username: string): Promise<boolean> {
  const reply = await call('GET', `/api/users/search/${username}`, { token: headToken });
  expect(reply.status).toBe(200);
  return (reply.body.users as { username: string }[]).some((u) => u.username === username);
}

/** A real create request as the gateway sends it, captured on the wire (admin may listen to anything). */
async function captureCreate(
  username: string,
): Promise<{ packet: { data: { actor: Record<string, unknown>; body: Record<string, unknown> }; id: string }; header: string }> {
  const sub = admin.subscribe(wire('directory.user.add'), { max: 1 });
  await admin.flush();
  const reply = await call('POST', '/api/users/add', { token: headToken, body: newUser(username, 'Employee') });
  expect(reply.status).toBe(201);
  for await (const msg of sub) return { packet: msg.json(), header: msg.headers?.get(SIGNATURE_HEADER) ?? '' };
  throw new Error('no request captured');
}

/** The captured request rewritten to create a Head named `username` for a made-up Head actor. */
function forgedHeadCreate(packet: Awaited<ReturnType<typeof captureCreate>>['packet'], username: string): Uint8Array {
  const actor = { id: randomUUID(), username: 'nobody', role: 'Head' };
  const body = { ...packet.data.body, username, email: `${username}@example.com`, role: 'Head' };
  return Buffer.from(JSON.stringify({ ...packet, id: randomUUID(), data: { ...packet.data, actor, body } }));
}

const signedWith = (key: KeyObject, subject: string, bytes: Uint8Array, now = Date.now()) => {
  const h = headers();
  h.set(SIGNATURE_HEADER, signRequest(key, subject, bytes, now));
  return h;
};
/** The directory service's request key, as the gateway holds it. */
const gatewayKey = () => parseRequestKey(testNats().requestKeys.directory);

/** Sends as admin (authenticated, allowed to publish anything) and returns Nest's reply envelope. */
async function adminRequest(subject: string, bytes: Uint8Array, h?: ReturnType<typeof headers>): Promise<{ err?: unknown; response?: unknown }> {
  const reply: Msg = await admin.request(subject, bytes, { timeout: 5000, headers: h });
  return reply.json();
}

const refused = { err: { code: 'UNAUTHENTICATED_CALLER', message: Messages.unauthenticatedCaller } };

describe('NATS authentication', () => {
  it('an anonymous client, or one with a wrong password, is refused at connect', async () => {
    await expect(connect({ servers: testNats().url, reconnect: false })).rejects.toThrow('Authorization Violation');
    await expect(connect({ servers: testNats().url, user: 'gateway', pass: 'guessed', reconnect: false })).rejects.toThrow('Authorization Violation');
  });
});

describe("a service's own NATS credentials", () => {
  it('cannot publish directory.user.add, even correctly signed, nor any other subject', async () => {
    const { packet } = await captureCreate('captured.one');
    const bytes = forgedHeadCreate(packet, 'svc.made.head');
    const subject = wire('directory.user.add');
    const { nc, violations } = await connectAs('directory');
    nc.publish(subject, bytes, { headers: signedWith(gatewayKey(), subject, bytes), reply: '_INBOX.attacker' });
    nc.publish(wire('shipment.job.create'), bytes);
    await nc.flush();
    await reported(violations, new RegExp(`Publish to "${subject.replace(/\./g, '\\.')}"`));
    await reported(violations, /Publish to ".*shipment\.job\.create"/);
    expect(await userExists('svc.made.head')).toBe(false);
    // Control: the very same bytes and signature from an identity allowed to publish do create the user.
    expect(await adminRequest(subject, bytes, signedWith(gatewayKey(), subject, bytes))).toMatchObject({ response: { user: { username: 'svc.made.head' } } });
    expect(await userExists('svc.made.head')).toBe(true);
  });

  it('cannot listen in on requests outside its queue group, nor on replies', async () => {
    const { nc, violations } = await connectAs('directory');
    nc.subscribe(wire('directory.>'));
    nc.subscribe(wire('directory.>'), { queue: 'eavesdroppers' });
    nc.subscribe('_INBOX.>');
    await nc.flush();
    await reported(violations, /Subscription to ".*directory\.>"$/);
    await reported(violations, /Subscription to ".*directory\.>" using queue "eavesdroppers"/);
    await reported(violations, /Subscription to "_INBOX\.>"/);
  });

  it('cannot delete an entry of the revocation bucket (or write it, or call $JS.API), so a logged-out token stays dead', async () => {
    const session = await stack.gateway.login(HEAD.username, HEAD.password);
    expect((await call('POST', '/api/users/logout', { token: session.token })).status).toBe(200);
    expect((await call('GET', '/api/users/unique', { token: session.token })).status).toBe(401);
    const jti = decodeJwt(session.token).jti!;
    const bucket = revocationBucketName(stack.namespace);

    const { nc, violations } = await connectAs('directory');
    const del = headers();
    del.set('KV-Operation', 'DEL');
    nc.publish(`$KV.${bucket}.${jti}`, new Uint8Array(), { headers: del });
    nc.publish('$JS.API.STREAM.DELETE.KV_' + bucket, new Uint8Array());
    await nc.flush();
    await reported(violations, /Publish to "\$KV\./);
    await reported(violations, /Publish to "\$JS\.API\.STREAM\.DELETE/);
    await expect(new Kvm(nc).open(bucket).then((kv) => kv.delete(jti))).rejects.toThrow(/Permissions Violation/);
    await expect(nc.request('$JS.API.INFO', '', { timeout: 2000 })).rejects.toThrow(/Permissions Violation/);
    expect((await call('GET', '/api/users/unique', { token: session.token })).status).toBe(401);

    // Control: deleting the entry is what brought the token back to life before; it still would, for an identity allowed to.
    await (await new Kvm(admin).open(bucket)).delete(jti);
    for (let i = 0; i < 100 && (await call('GET', '/api/users/unique', { token: session.token })).status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await call('GET', '/api/users/unique', { token: session.token })).status).toBe(200);
  });
});

describe('requests that did not come from the gateway', () => {
  it('an authenticated client without the gateway key (admin) cannot create a Head for a made-up actor', async () => {
    const { packet } = await captureCreate('captured.two');
    const bytes = forgedHeadCreate(packet, 'unsigned.head');
    expect(await adminRequest(wire('directory.user.add'), bytes)).toMatchObject(refused);
    // Listing users (a read) is refused just the same.
    expect(
      await adminRequest(wire('directory.user.all'), Buffer.from(JSON.stringify({ pattern: 'directory.user.all', data: {}, id: randomUUID() }))),
    ).toMatchObject(refused);
    expect(await userExists('unsigned.head')).toBe(false);
  });

  it('a request signed with another key is refused', async () => {
    const { packet } = await captureCreate('captured.three');
    const bytes = forgedHeadCreate(packet, 'forged.head');
    const subject = wire('directory.user.add');
    expect(await adminRequest(subject, bytes, signedWith(parseRequestKey(randomBytes(32).toString('base64')), subject, bytes))).toMatchObject(refused);
    expect(await userExists('forged.head')).toBe(false);
  });

  it("a request to the directory signed with another service's key (all a compromised shipment service holds) is refused", async () => {
    const { packet } = await captureCreate('captured.six');
    const bytes = forgedHeadCreate(packet, 'shipment.made.head');
    const subject = wire('directory.user.add');
    expect(await adminRequest(subject, bytes, signedWith(parseRequestKey(testNats().requestKeys.shipment), subject, bytes))).toMatchObject(refused);
    expect(await userExists('shipment.made.head')).toBe(false);
    // Control: the same bytes with the directory's own key do create the user.
    expect(await adminRequest(subject, bytes, signedWith(gatewayKey(), subject, bytes))).toMatchObject({
      response: { user: { username: 'shipment.made.head' } },
    });
  });

  it('a captured gateway signature replayed with a changed body, or on another subject, is refused', async () => {
    const { packet, header } = await captureCreate('captured.four');
    expect(header).toMatch(/^\d+\./);
    const replay = headers();
    replay.set(SIGNATURE_HEADER, header);
    const bytes = forgedHeadCreate(packet, 'replayed.head');
    expect(await adminRequest(wire('directory.user.add'), bytes, replay)).toMatchObject(refused);
    const deleteHead = Buffer.from(
      JSON.stringify({ pattern: 'directory.user.delete', data: { actor: packet.data.actor, params: { username: HEAD.username } }, id: packet.id }),
    );
    expect(await adminRequest(wire('directory.user.delete'), deleteHead, replay)).toMatchObject(refused);
    expect(await userExists('replayed.head')).toBe(false);
    expect(await userExists(HEAD.username)).toBe(true);
  });

  it('a gateway signature that has expired is refused', async () => {
    const { packet } = await captureCreate('captured.five');
    const bytes = forgedHeadCreate(packet, 'late.head');
    const subject = wire('directory.user.add');
    expect(await adminRequest(subject, bytes, signedWith(gatewayKey(), subject, bytes, Date.now() - SIGNATURE_TTL_MS - 1000))).toMatchObject(refused);
    expect(await userExists('late.head')).toBe(false);
  });
});

describe('the gateway path', () => {
  it('still works end to end: a Head adds a user over HTTP, who then signs in', async () => {
    const added = await stack.addUser(headToken, 'through.gateway', 'Employee');
    expect(added.user_username).toBe('through.gateway');
    expect((await call('GET', '/api/users/unique', { token: added.token })).status).toBe(200);
  });
});
