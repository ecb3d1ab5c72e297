import { api, idempotentRoute } from './api.js';
import { idempotencyKeySchema } from './idempotency.js';

describe('Idempotency-Key', () => {
  it('accepts a UUID and any printable ASCII up to 255 characters', () => {
    expect(idempotencyKeySchema.safeParse('5b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('order 42: retry ~ok').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('k'.repeat(255)).success).toBe(true);
  });

  it.each([
    ['empty', '', 'must not be empty'],
    ['too long', 'k'.repeat(256), 'at most 255 characters'],
    ['a NUL', 'a\u0000b', 'printable ASCII'],
    ['a tab', 'a\tb', 'printable ASCII'],
    ['a newline', 'a\nb', 'printable ASCII'],
    ['DEL', 'a\u007fb', 'printable ASCII'],
    ['non-ASCII', 'clé', 'printable ASCII'],
  ])('refuses a key with %s, saying why', (_, key, why) => {
    const result = idempotencyKeySchema.safeParse(key);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toContain(why);
  });

  it('marks exactly the creates of the api table, found by method and concrete path', () => {
    expect(idempotentRoute('POST', '/api/users/add')).toBe(api.usersAdd);
    expect(idempotentRoute('post', '/api/branches/add')).toBe(api.branchesAdd);
    expect(idempotentRoute('POST', '/api/users/login')).toBeUndefined();
    expect(idempotentRoute('PUT', '/api/branches/update/Galle')).toBeUndefined();
    expect(idempotentRoute('GET', '/api/users/add')).toBeUndefined();
    expect(idempotentRoute('POST', '/api/users/add/extra')).toBeUndefined();
  });
});
