import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import argon2 from 'argon2';
import { Messages, branches, users, type ErrorBody } from '@freight/contracts';
import { RemoteError } from '@freight/server';
import { errorOf, headActor as actor, startDirectory, type DirectoryHarness } from '../testing/directory-harness.js';
import { THROTTLE } from './login-throttle.service.js';

let h: DirectoryHarness;

// What is asserted is the throttle's answers, not their speed: on a loaded 2-core machine the
// password checks of 200 parallel sign-ins outlast the usual 5 s request timeout.
const login = (username: string, password: string, ip: string) =>
  h.client.request('directory.user.verifyCredentials', { username, password, ip }, { timeoutMs: 25_000 });
/** 'ok', or the error code a sign-in was refused with, and its Retry-After. */
const outcome = (attempt: Promise<unknown>): Promise<{ code: string; retryAfter?: number }> =>
  attempt.then(
    () => ({ code: 'ok' }),
    (error: unknown) => {
      if (!(error instanceof RemoteError)) throw error;
      const body: ErrorBody = error.body;
      return { code: body.code, ...(body.details?.retryAfterSeconds ? { retryAfter: Number(body.details.retryAfterSeconds) } : {}) };
    },
  );
const count = (outcomes: { code: string }[], code: string) => outcomes.filter((o) => o.code === code).length;

async function addUser(username: string, password: string): Promise<void> {
  await h.client.request(users.subjects.add, {
    actor,
    body: {
      fullName: `Test ${username}`,
      username,
      email: `${username}@example.com`,
      password,
      branchCity: 'Colombo',
      contact: '+94 77 123 4567',
      role: 'Employee',
      department: 'Import',
    },
  });
}

/** Every argon2 verification the service runs, counted where it happens. */
let verifications: ReturnType<typeof jest.spyOn>;

beforeAll(async () => {
  h = await startDirectory();
  await h.client.request(branches.subjects.add, { actor, body: { BranchCity: 'Colombo', Location: 'Colombo 01', Contact: '011 234 5678', Code: 'CMB' } });
});
beforeEach(() => {
  verifications = jest.spyOn(argon2, 'verify');
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => h?.close());

describe('sign-in throttling under attack (directory service, real Postgres)', () => {
  it('200 parallel wrong guesses for one username from one address get only the limit of password checks; the rest 429 with Retry-After', async () => {
    await addUser('raced', 'raced harbour lantern');
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => outcome(login('raced', `wrong guess ${i}`, '198.51.100.1'))));
    expect(verifications).toHaveBeenCalledTimes(THROTTLE.pair.maxAttempts);
    expect(count(outcomes, 'INVALID_CREDENTIALS')).toBe(THROTTLE.pair.maxAttempts);
    expect(count(outcomes, 'TOO_MANY_ATTEMPTS')).toBe(200 - THROTTLE.pair.maxAttempts);
    for (const refused of outcomes.filter((o) => o.code === 'TOO_MANY_ATTEMPTS')) expect(refused.retryAfter).toBeGreaterThan(0);
  });

  it('the right password sent inside a burst, after the limit, is refused unchecked', async () => {
    await addUser('burst', 'burst harbour lantern');
    const wrong = Array.from({ length: 37 }, (_, i) => outcome(login('burst', `wrong guess ${i}`, '198.51.100.2')));
    const right = outcome(login('burst', 'burst harbour lantern', '198.51.100.2'));
    await Promise.all(wrong);
    await expect(right).resolves.toEqual({ code: 'TOO_MANY_ATTEMPTS', retryAfter: expect.any(Number) });
    expect(verifications).toHaveBeenCalledTimes(THROTTLE.pair.maxAttempts);
    expect(verifications.mock.calls.map((call: unknown[]) => call[1])).not.toContain('burst harbour lantern');
  });

  it('an attacker hammering one username from one address gets no more guesses than the limit and cannot lock the user out elsewhere; the log says so', async () => {
    await addUser('victim', 'victim harbour lantern');
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const outcomes = [];
    for (let i = 0; i < 50; i++) outcomes.push(await outcome(login('victim', `wrong guess ${i}`, '198.51.100.3')));
    expect(outcomes.slice(0, THROTTLE.pair.maxAttempts).map((o) => o.code)).toEqual(Array(THROTTLE.pair.maxAttempts).fill('INVALID_CREDENTIALS'));
    expect(new Set(outcomes.slice(THROTTLE.pair.maxAttempts).map((o) => o.code))).toEqual(new Set(['TOO_MANY_ATTEMPTS']));
    expect(verifications).toHaveBeenCalledTimes(THROTTLE.pair.maxAttempts);
    // The right password from the attacking address waits too…
    await expect(outcome(login('victim', 'victim harbour lantern', '198.51.100.3'))).resolves.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // …but the user signs in from their own address, at once.
    await expect(login('VICTIM', 'victim harbour lantern', '203.0.113.10')).resolves.toMatchObject({ username: 'victim' });
    // One notice when the limit tripped, not one per refused attempt.
    const notices = warn.mock.calls.map(([message]) => String(message)).filter((m) => m.startsWith('Sign-in limit reached'));
    expect(notices).toEqual([
      `Sign-in limit reached: ${THROTTLE.pair.maxAttempts} attempts for username 'victim' from 198.51.100.3; further attempts are refused for ${THROTTLE.pair.lockSeconds} s`,
    ]);
  });

  it('guesses spread over many addresses slow the username down with a growing delay, never a lock; the user’s own address is not delayed', async () => {
    await addUser('spread', 'spread harbour lantern');
    await login('spread', 'spread harbour lantern', '203.0.113.20'); // the user's usual address
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const notices = () => warn.mock.calls.map(([message]) => String(message)).filter((m) => m.includes("username 'spread' from all addresses"));
    const { freeAttempts, maxDelaySeconds } = THROTTLE.username;
    for (let i = 0; i < freeAttempts; i++) {
      await expect(outcome(login('spread', 'wrong guess', `198.51.101.${i}`))).resolves.toEqual({ code: 'INVALID_CREDENTIALS' });
    }
    // The delay has started: 1 s, then twice as long after each further attempt.
    expect(notices()).toEqual([`Sign-in limit reached: ${freeAttempts} attempts for username 'spread' from all addresses; the next attempt waits 1 s`]);
    const endDelay = () => h.adminQuery(`UPDATE directory.login_throttle SET blocked_until = now() WHERE key = 'user:spread'`);
    await endDelay();
    await expect(outcome(login('spread', 'wrong guess', '198.51.102.1'))).resolves.toEqual({ code: 'INVALID_CREDENTIALS' });
    expect(notices().at(-1)).toMatch(/; the next attempt waits 2 s$/);
    // At most 20 minutes; meanwhile a new address is refused with Retry-After…
    await h.adminQuery(`UPDATE directory.login_throttle SET attempts = 1000, blocked_until = now() WHERE key = 'user:spread'`);
    await expect(outcome(login('spread', 'wrong guess', '198.51.102.2'))).resolves.toEqual({ code: 'INVALID_CREDENTIALS' });
    expect(notices().at(-1)).toMatch(new RegExp(`; the next attempt waits ${maxDelaySeconds} s$`));
    const refused = await outcome(login('spread', 'spread harbour lantern', '198.51.102.3'));
    expect(refused).toEqual({ code: 'TOO_MANY_ATTEMPTS', retryAfter: expect.any(Number) });
    expect(refused.retryAfter).toBeGreaterThan(maxDelaySeconds - 60);
    expect(refused.retryAfter).toBeLessThanOrEqual(maxDelaySeconds);
    // …but the user signs in from where they signed in before.
    await expect(login('spread', 'spread harbour lantern', '203.0.113.20')).resolves.toMatchObject({ username: 'spread' });
  });

  it('one address guessing across many usernames is refused after its limit', async () => {
    const outcomes = [];
    for (let i = 0; i <= THROTTLE.address.maxAttempts; i++) outcomes.push(await outcome(login(`nobody${i}`, 'wrong guess', '198.51.100.4')));
    expect(count(outcomes, 'INVALID_CREDENTIALS')).toBe(THROTTLE.address.maxAttempts);
    expect(outcomes.at(-1)).toEqual({ code: 'TOO_MANY_ATTEMPTS', retryAfter: expect.any(Number) });
  });

  it('a refused attempt is not counted against the username, so it cannot push the user into a delay', async () => {
    await addUser('patient', 'patient harbour lantern');
    for (let i = 0; i < 3 * THROTTLE.username.freeAttempts; i++) await outcome(login('patient', 'wrong guess', '198.51.100.5'));
    await expect(h.adminQuery(`SELECT attempts FROM directory.login_throttle WHERE key = 'user:patient'`)).resolves.toEqual([
      { attempts: THROTTLE.pair.maxAttempts },
    ]);
    await expect(errorOf(login('patient', 'wrong guess', '203.0.113.30'))).resolves.toEqual({
      code: 'INVALID_CREDENTIALS',
      message: Messages.invalidCredentials,
    });
  });
});
