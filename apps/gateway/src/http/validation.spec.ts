import { AppError } from '@freight/server';
import { newUser } from '@freight/server-testing';
import { api, loadPasswordEstimator } from '@freight/contracts';
import { parseRouteInput } from './validation.js';

// The gateway loads it at start-up (AppModule); these tests call the parser directly.
beforeAll(() => loadPasswordEstimator());

const validUser = newUser('asha.p', 'Employee', { fullName: 'Asha Perera' });

function failure(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a validation failure');
}

describe('parseRouteInput', () => {
  it('returns the parsed parts, trimmed and without unknown fields', () => {
    const input = parseRouteInput(api.usersAdd, { body: { ...validUser, fullName: '  Asha Perera ', isAdmin: true } });
    expect(input.body).toEqual(validUser);
    expect(input.params).toBeUndefined();
  });

  it('coerces list query numbers and leaves absent ones out', () => {
    expect(parseRouteInput(api.usersAll, { query: { page: '2', pageSize: '10', sort: 'email' } }).query).toEqual({ page: 2, pageSize: 10, sort: 'email' });
    expect(parseRouteInput(api.usersAll, { query: {} }).query).toEqual({});
  });

  it('reports every field problem in details and the first ones in a sentence', () => {
    const error = failure(() => parseRouteInput(api.usersAdd, { body: { ...validUser, email: 'nope', role: 'King', contact: undefined } }));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual({
      email: 'Enter a valid email address',
      contact: 'Contact is required',
      role: 'Role must be Admin, Head or Employee',
    });
    expect(error.message).toBe('Enter a valid email address. Contact is required. Role must be Admin, Head or Employee.');
  });

  it('says "and N more" past three problems', () => {
    const error = failure(() => parseRouteInput(api.usersAdd, { body: {} }));
    expect(Object.keys(error.details!)).toHaveLength(8);
    expect(error.message).toMatch(/^Full name is required\. Username is required\. Email is required \(and 5 more\)\.$/);
  });

  it('refuses a body that is not an object', () => {
    for (const body of [undefined, null, 'text', [1, 2]]) {
      const error = failure(() => parseRouteInput(api.login, { body }));
      expect(error.details).toEqual({ body: 'The request body must be a JSON object' });
    }
  });

  it('validates query, params and body together', () => {
    const error = failure(() => parseRouteInput(api.usersUpdate, { query: { term: ' ', updateterm: 'a b' }, body: { ...validUser, password: 'short' } }));
    expect(error.details).toEqual({
      term: 'term (the current username) is required',
      updateterm: 'Username must be 3 to 40 letters, digits, dots, underscores or hyphens',
      password: 'Password must be at least 12 characters',
    });
  });

  it('keeps a blank password on edit as "unchanged"', () => {
    const { body } = parseRouteInput(api.usersUpdate, { query: { term: 'asha.p', updateterm: 'asha.p' }, body: { ...validUser, password: '' } });
    expect(body?.password).toBeUndefined();
  });

  it('answers a rule across parts with the sentence and the field texts the definition states', () => {
    const renamed = failure(() =>
      parseRouteInput(api.usersUpdate, { query: { term: 'asha.p', updateterm: 'asha.p' }, body: { ...validUser, username: 'someone.else' } }),
    );
    expect({ message: renamed.message, details: renamed.details }).toEqual({
      message: 'username must match updateterm',
      details: { username: 'Must match updateterm' },
    });
    const both = failure(() =>
      parseRouteInput(api.usersUpdate, {
        query: { term: 'asha.p', updateterm: 'harbour.lantern.kelp' },
        body: { ...validUser, username: 'other', password: 'Harbour.Lantern.Kelp' },
      }),
    );
    expect({ message: both.message, details: both.details }).toEqual({
      message: 'username must match updateterm',
      details: { username: 'Must match updateterm', password: 'Password must not be the username' },
    });
    const password = failure(() =>
      parseRouteInput(api.usersUpdate, {
        query: { term: 'asha.p', updateterm: 'harbour.lantern.kelp' },
        body: { ...validUser, username: undefined, password: 'HARBOUR.LANTERN.KELP' },
      }),
    );
    expect({ message: password.message, details: password.details }).toEqual({
      message: 'Password must not be the username',
      details: { password: 'Password must not be the username' },
    });
  });

  it('names the field when zod’s generic text is all there is', () => {
    const error = failure(() => parseRouteInput(api.usersAll, { query: { page: 'x' } }));
    expect(error.details).toEqual({ page: 'page must be a number' });
  });

  it('refuses control characters in any part and any field, naming it, before the schema', () => {
    const error = failure(() =>
      parseRouteInput(api.usersUpdate, {
        query: { term: 'asha\u0000', updateterm: 'asha.p' },
        body: { ...validUser, password: 'pass\u0008word!', extra: { deep: ['ok', 'x\u007f'] } },
      }),
    );
    expect(error.details).toEqual({
      term: 'term must not contain control characters (found U+0000)',
      password: 'password must not contain control characters (found U+0008)',
      'extra.deep.1': 'extra.deep.1 must not contain control characters (found U+007F)',
    });
    expect(error.message).toBe(
      'term must not contain control characters (found U+0000). password must not contain control characters (found U+0008). extra.deep.1 must not contain control characters (found U+007F).',
    );
    expect(failure(() => parseRouteInput(api.branchesSearch, { params: { BranchCity: 'a\u0000' } })).details).toEqual({
      BranchCity: 'BranchCity must not contain control characters (found U+0000)',
    });
  });

  it('leaves tab and line breaks to each field’s own rule', () => {
    expect(parseRouteInput(api.login, { body: { username: 'asha.p', password: 'tab\there\r\n' } }).body?.password).toBe('tab\there\r\n');
    expect(failure(() => parseRouteInput(api.usersAdd, { body: { ...validUser, fullName: 'Asha\tPerera' } })).details).toEqual({
      fullName: 'Full name must be one line without control characters',
    });
  });
});
