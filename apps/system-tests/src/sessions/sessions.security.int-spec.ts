import { Messages } from '@freight/contracts';
import { TestGateway, gatewayConfig, newUser, sleep, soon, stackForFile, testPassword } from '../testing/gateway-stack.js';
import { SESSION_STATE_MAX_AGE_MS } from '@freight/gateway';

// Issue 5, item 4: sessions outlived what ended them. A new password, role or username, or
// a delete, must end the user's tokens on every call, reads included, within
// SESSION_STATE_MAX_AGE_MS (one second), on every gateway replica.
const suite = stackForFile();
const { call } = suite;
const refusal = { status: 401, body: { code: 'UNAUTHORIZED', message: Messages.unauthorized } };

const read = (token: string, gateway = suite.stack.gateway) => gateway.call('GET', '/api/users/all', { token });
let serial = 0;
const write = (token: string) => call('POST', '/api/users/add', { token, body: newUser(`by.old.token${++serial}`, 'Employee') });
const edit = (username: string, body: ReturnType<typeof newUser>, token = suite.head.token) =>
  call('PUT', `/api/users/update?term=${username}&updateterm=${body.username}`, { token, body });

describe('a token after what should have ended it', () => {
  it('a password reset: the old token no longer reads or adds a user, on any replica; the new password signs in', async () => {
    const other = await TestGateway.start(gatewayConfig(suite.stack.namespace));
    try {
      const victim = await suite.stack.addUser(suite.head.token, 'reset.admin', 'Admin');
      expect((await read(victim.token, other)).status).toBe(200); // the other replica knows the user now
      expect((await edit('reset.admin', newUser('reset.admin', 'Admin', { password: 'after-reset-Kelp-4821' }))).status).toBe(200);

      expect(await soon(() => read(victim.token))).toMatchObject(refusal);
      expect(await soon(() => read(victim.token, other))).toMatchObject(refusal);
      expect(await soon(() => write(victim.token))).toMatchObject(refusal);
    } finally {
      await other.close();
    }
    await expect(call('POST', '/api/users/login', { body: { username: 'reset.admin', password: testPassword('reset.admin') } })).resolves.toMatchObject({
      status: 401,
    });
    const fresh = await suite.stack.gateway.login('reset.admin', 'after-reset-Kelp-4821');
    expect((await read(fresh.token)).status).toBe(200);
    expect((await write(fresh.token)).status).toBe(201);
  });

  it('a demotion: the old Admin token can do nothing; a new sign-in gets the Employee’s rights', async () => {
    const demoted = await suite.stack.addUser(suite.head.token, 'demoted.admin', 'Admin');
    expect((await edit('demoted.admin', newUser('demoted.admin', 'Employee', { password: '' }))).status).toBe(200);

    expect(await soon(() => write(demoted.token))).toMatchObject(refusal);
    expect(await soon(() => read(demoted.token))).toMatchObject(refusal);
    const fresh = await suite.stack.gateway.login('demoted.admin', testPassword('demoted.admin'));
    expect(fresh.user_role).toBe('Employee');
    expect((await write(fresh.token)).status).toBe(403);
    expect((await read(fresh.token)).status).toBe(200);
  });

  it('a delete: the deleted user’s token no longer reads', async () => {
    const gone = await suite.stack.addUser(suite.head.token, 'gone.employee', 'Employee');
    expect((await read(gone.token)).status).toBe(200);
    expect((await call('DELETE', '/api/users/delete/gone.employee', { token: suite.head.token })).status).toBe(200);

    expect(await soon(() => read(gone.token))).toMatchObject(refusal);
    expect(await soon(() => call('POST', '/api/users/logout', { token: gone.token }))).toMatchObject(refusal);
  });

  it('a rename: the token of the old name no longer reads or writes; the new name signs in', async () => {
    const renamed = await suite.stack.addUser(suite.head.token, 'old.name', 'Admin');
    expect((await edit('old.name', newUser('new.name', 'Admin', { password: '' }))).status).toBe(200);

    expect(await soon(() => read(renamed.token))).toMatchObject(refusal);
    expect(await soon(() => write(renamed.token))).toMatchObject(refusal);
    await expect(suite.stack.gateway.login('new.name', testPassword('old.name'))).resolves.toMatchObject({ user_username: 'new.name' });
  });

  it('other changes end no session: a new full name or contact leaves the token working', async () => {
    const kept = await suite.stack.addUser(suite.head.token, 'kept.admin', 'Admin');
    expect((await edit('kept.admin', newUser('kept.admin', 'Admin', { fullName: 'Kept Admin', contact: '+94 77 999 9999', password: '' }))).status).toBe(200);
    await sleep(SESSION_STATE_MAX_AGE_MS + 100); // past the time a changed version would be seen
    expect((await read(kept.token)).status).toBe(200);
    expect((await write(kept.token)).status).toBe(201);
  });

  // Issue 21, item 3: the token of a sign-in right after the change met the state kept from before it.
  it('a sign-in right after the change: the new token works at once on every replica, the old one stays refused', async () => {
    const other = await TestGateway.start(gatewayConfig(suite.stack.namespace));
    /** Both replicas keep the user's state from just before a demotion; then a new sign-in, and both tokens on both replicas. */
    const attempt = async (username: string) => {
      const before = await suite.stack.addUser(suite.head.token, username, 'Admin');
      expect((await read(before.token)).status).toBe(200);
      expect((await read(before.token, other)).status).toBe(200);
      const primed = performance.now();
      expect((await edit(username, newUser(username, 'Employee', { password: '' }))).status).toBe(200);
      const after = await suite.stack.gateway.login(username, testPassword(username));
      const statuses = [await read(after.token), await read(after.token, other), await read(before.token), await read(before.token, other)].map(
        (reply) => reply.status,
      );
      return { statuses, inTime: performance.now() - primed < SESSION_STATE_MAX_AGE_MS };
    };
    try {
      // Only a run inside the second the kept state lives proves anything about it: a slow machine tries again.
      let result = await attempt('signs.in.again0');
      for (let n = 1; n < 4 && !result.inTime; n++) result = await attempt(`signs.in.again${n}`);
      expect(result).toEqual({ statuses: [200, 200, 401, 401], inTime: true });
    } finally {
      await other.close();
    }
  });
});
