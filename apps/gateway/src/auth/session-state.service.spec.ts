import { jest } from '@jest/globals';
import { RemoteError, type NatsRpcClient } from '@freight/server';
import { Messages, type UserSessionState } from '@freight/contracts';
import { SESSION_STATE_MAX_AGE_MS, SessionStateService } from './session-state.service.js';

/** Requests sent to the directory, answered by the test. */
let sent: { subject: string; data: { id: string }; answer: (state: UserSessionState) => void; fail: (error: Error) => void }[];
const rpc = {
  request: (subject: string, data: { id: string }) => new Promise((answer, fail) => sent.push({ subject, data, answer, fail })),
} as unknown as NatsRpcClient;

const stateOf = (id: string, sessionVersion = 1): UserSessionState => ({ id, username: `user-${id}`, role: 'Admin', sessionVersion });
const flush = () => new Promise((resolve) => setImmediate(resolve));

let states: SessionStateService;
beforeEach(() => {
  // performance.now() is faked too: the test moves time, not the machine.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  sent = [];
  states = new SessionStateService(rpc);
});
afterEach(() => jest.useRealTimers());

describe('SessionStateService', () => {
  it('sends one request for any number of calls for one user at once (single flight)', async () => {
    const calls = [states.current('a'), states.current('a'), states.current('b'), states.current('a')];
    expect(sent.map((request) => [request.subject, request.data])).toEqual([
      ['directory.user.sessionState', { id: 'a' }],
      ['directory.user.sessionState', { id: 'b' }],
    ]);
    sent[0]!.answer(stateOf('a'));
    sent[1]!.answer(stateOf('b'));
    await expect(Promise.all(calls)).resolves.toEqual([stateOf('a'), stateOf('a'), stateOf('b'), stateOf('a')]);
  });

  it('asks again once the lookup was sent SESSION_STATE_MAX_AGE_MS ago, however late it answered', async () => {
    const first = states.current('a');
    jest.advanceTimersByTime(SESSION_STATE_MAX_AGE_MS - 1);
    sent[0]!.answer(stateOf('a', 1));
    await expect(first).resolves.toEqual(stateOf('a', 1));
    await expect(states.current('a')).resolves.toEqual(stateOf('a', 1));
    expect(sent).toHaveLength(1);

    jest.advanceTimersByTime(1);
    const second = states.current('a');
    expect(sent).toHaveLength(2);
    sent[1]!.answer(stateOf('a', 2));
    await expect(second).resolves.toEqual(stateOf('a', 2));
  });

  it('answers null for a user the directory no longer has', async () => {
    const call = states.current('gone');
    sent[0]!.fail(new RemoteError({ code: 'NOT_FOUND', message: Messages.userNotFound }));
    await expect(call).resolves.toBeNull();
  });

  it('passes other failures on and does not keep them', async () => {
    const call = states.current('a');
    const unavailable = new RemoteError({ code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable });
    sent[0]!.fail(unavailable);
    await expect(call).rejects.toBe(unavailable);
    await flush();
    void states.current('a');
    expect(sent).toHaveLength(2);
  });

  it('forgets users not asked about for a while', async () => {
    for (const id of ['a', 'b', 'c']) void states.current(id);
    for (const request of sent) request.answer(stateOf(request.data.id));
    await flush();
    jest.advanceTimersByTime(SESSION_STATE_MAX_AGE_MS);
    void states.current('d');
    expect((states as unknown as { lookups: Map<string, unknown> }).lookups.size).toBe(1);
  });

  it('looks again, once for every caller, when a token is newer than the state kept (a sign-in right after a change)', async () => {
    const kept = states.current('a');
    sent[0]!.answer(stateOf('a', 1));
    await expect(kept).resolves.toEqual(stateOf('a', 1));

    const newer = [states.current('a', 'staff', 2), states.current('a', 'staff', 2)];
    await flush();
    expect(sent).toHaveLength(2);
    sent[1]!.answer(stateOf('a', 2));
    await expect(Promise.all(newer)).resolves.toEqual([stateOf('a', 2), stateOf('a', 2)]);
    // The refreshed state is the one kept: an older token now meets version 2 at once.
    await expect(states.current('a', 'staff', 1)).resolves.toEqual(stateOf('a', 2));
    expect(sent).toHaveLength(2);
  });

  it('answers the fresh state even when it is still older than the token (the guard refuses it)', async () => {
    const call = states.current('a', 'staff', 5);
    sent[0]!.answer(stateOf('a', 1));
    await flush();
    sent[1]!.answer(stateOf('a', 1));
    await expect(call).resolves.toEqual(stateOf('a', 1));
    expect(sent).toHaveLength(2);
  });
});
