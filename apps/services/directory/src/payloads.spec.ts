import { containsPattern, payloads } from './payloads.js';

describe('containsPattern', () => {
  it('matches anywhere and takes LIKE wildcards literally', () => {
    expect(containsPattern('ab')).toBe('%ab%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('payload schemas', () => {
  it('require an actor with a user id on writes', () => {
    const result = payloads.userDelete.safeParse({ username: 'x', actor: { id: 'nope', username: 'h', role: 'Head' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['actor', 'id']);
  });
});
