import { MAX_RETRY_DELAY_MS, isPermanent, nextAttemptAt } from './mail.sender.js';

const HOUR = 60 * 60 * 1000;
const config = { MAIL_RETRY_BASE_MS: 30_000, MAIL_GIVE_UP_AFTER_MS: 24 * HOUR };
const accepted = new Date('2026-11-24T00:00:00Z');
const at = (ms: number) => new Date(accepted.getTime() + ms);

describe('retries', () => {
  it('waits the base after the first failure and twice as long after each further one, at most 6 hours apart', () => {
    expect(nextAttemptAt(1, accepted, accepted, config)).toEqual(at(30_000));
    expect(nextAttemptAt(2, accepted, at(30_000), config)).toEqual(at(90_000));
    expect(nextAttemptAt(5, accepted, at(0), config)).toEqual(at(16 * 30_000));
    expect(nextAttemptAt(30, accepted, at(HOUR), config)).toEqual(at(HOUR + MAX_RETRY_DELAY_MS));
  });

  it('gives up (null) when the next try would fall more than 24 hours after acceptance', () => {
    expect(nextAttemptAt(12, accepted, at(23 * HOUR), config)).toBeNull();
    expect(nextAttemptAt(1, accepted, at(24 * HOUR - 30_000), config)).toEqual(at(24 * HOUR));
    expect(nextAttemptAt(1, accepted, at(24 * HOUR - 29_999), config)).toBeNull();
  });

  it('takes a 5xx answer as permanent, a 4xx or no answer (connection refused, timeout) as temporary', () => {
    expect(isPermanent({ responseCode: 550, response: '550 No such user' })).toBe(true);
    expect(isPermanent({ responseCode: 554 })).toBe(true);
    expect(isPermanent({ responseCode: 451, response: '451 Try again later' })).toBe(false);
    expect(isPermanent({ message: 'connect ECONNREFUSED 127.0.0.1:25' })).toBe(false);
  });
});
