import { Messages, PasswordMessages } from '@freight/contracts';
import { TestGateway, gatewayConfig, newUser, testPassword, stackForFile, statusCounts } from '../testing/gateway-stack.js';

// Through the gateway over HTTP, the directory service spawned from its build, real Postgres and NATS.
// The client address comes from X-Forwarded-For, trusted from the loopback proxy; each test uses its own.
const suite = stackForFile();
const { call } = suite;
const signIn = (username: string, password: string, ip: string) =>
  call('POST', '/api/users/login', { body: { username, password }, headers: { 'x-forwarded-for': ip } });

describe('sign-in attacks', () => {
  it('200 parallel wrong passwords for one username from one address: 5 are checked (401), the rest 429 with Retry-After', async () => {
    await suite.stack.addUser(suite.head.token, 'raced.user', 'Employee');
    const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => signIn('raced.user', `wrong guess ${i}`, '198.51.100.21')));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(195);
    for (const reply of replies.filter((r) => r.status === 429)) {
      expect(reply.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: Messages.tooManyAttempts });
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The right password, too, waits at that address…
    expect((await signIn('raced.user', testPassword('raced.user'), '198.51.100.21')).status).toBe(429);
    // …while the real user signs in from theirs: the attacker cannot lock them out.
    expect((await signIn('raced.user', testPassword('raced.user'), '203.0.113.21')).status).toBe(200);
  });
});

// ADR 53: the limits are counted in the directory's Postgres, so a second gateway adds no attempts.
/** Attempts per username and address, and per address over all usernames (docs/adr/0010-sign-in-throttling.md). */
const PAIR_ATTEMPTS = 5;
const ADDRESS_ATTEMPTS = 30;
describe('sign-in limits with two gateways', () => {
  let other: TestGateway;
  beforeAll(async () => {
    other = await TestGateway.start(gatewayConfig(suite.stack.namespace));
  });
  afterAll(() => other?.close());
  const viaBoth = (count: number, attempt: (gateway: TestGateway, i: number) => ReturnType<TestGateway['call']>) =>
    Promise.all(Array.from({ length: count }, (_, i) => attempt(i % 2 ? other : suite.stack.gateway, i)));

  it(`200 parallel wrong passwords for one username from one address, split over both: ${PAIR_ATTEMPTS} are checked, as with one`, async () => {
    await suite.stack.addUser(suite.head.token, 'split.user', 'Employee');
    const replies = await viaBoth(200, (gateway, i) =>
      gateway.call('POST', '/api/users/login', {
        body: { username: 'split.user', password: `wrong guess ${i}` },
        headers: { 'x-forwarded-for': '198.51.100.31' },
      }),
    );
    expect(statusCounts(replies)).toEqual({ 401: PAIR_ATTEMPTS, 429: 200 - PAIR_ATTEMPTS });
  });

  it(`one address trying many usernames, alternating between them: the ${ADDRESS_ATTEMPTS + 1}th attempt is refused on either`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_ATTEMPTS; i++) {
      const gateway = i % 2 ? other : suite.stack.gateway;
      const reply = await gateway.call('POST', '/api/users/login', {
        body: { username: `sprayed${i}`, password: 'spray-and-pray-1' },
        headers: { 'x-forwarded-for': '198.51.100.32' },
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([...Array(ADDRESS_ATTEMPTS).fill(401), 429]);
  });
});

describe('weak passwords', () => {
  const add = (username: string, password: string) =>
    call('POST', '/api/users/add', { token: suite.head.token, body: newUser(username, 'Employee', { password }) });

  // One password of each kind the rule refuses (contracts' password.spec.ts tests the rule itself).
  it.each([
    ['password', PasswordMessages.tooShort],
    ['        ', PasswordMessages.tooShort],
    ['password1234', PasswordMessages.tooCommon],
    ['Lagoon.Teacup.Kandy', PasswordMessages.sameAsUsername],
  ])('an Admin cannot give a user the password %j: 400 with "%s" on the field', async (password, message) => {
    const reply = await add('lagoon.teacup.kandy', password);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'VALIDATION_FAILED', message: `${message.replace(/\.$/, '')}.`, details: { password: message } });
  });

  it('nor the new username as the new password when the body leaves the username out', async () => {
    await suite.stack.addUser(suite.head.token, 'old.name', 'Employee');
    const { username: _, ...body } = newUser('old.name', 'Employee', { password: 'Monsoon.Lagoon.Teacup' });
    const reply = await call('PUT', '/api/users/update?term=old.name&updateterm=monsoon.lagoon.teacup', { token: suite.head.token, body });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'VALIDATION_FAILED', message: PasswordMessages.sameAsUsername });
  });

  it('accepts a long passphrase', async () => {
    expect((await add('strong.user', 'monsoon lagoon teacup')).status).toBe(201);
    expect((await signIn('strong.user', 'monsoon lagoon teacup', '203.0.113.22')).status).toBe(200);
  });
});
