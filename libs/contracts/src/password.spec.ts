import { PasswordMessages, passwordField } from './password.js';
import { loadPasswordEstimator } from './password-strength.js';
import { userCreateSchema, userUpdateSchema } from './directory/user.resource.js';
import { loginRequestSchema } from './sign-in.js';

const user = {
  fullName: 'Nimal Perera',
  username: 'nimal.perera.01',
  email: 'nimal@example.com',
  password: 'monsoon lagoon teacup',
  branchCity: 'Colombo',
  contact: '+94 77 123 4567',
  role: 'Admin',
  department: 'Import',
};
/** The messages a value gets for its password, in order. */
const passwordMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.filter((i) => i.path.join('.') === 'password').map((i) => i.message) ?? [];

describe('the password rule before the estimator is loaded', () => {
  // First in this file, on purpose: nothing has loaded the estimator yet.
  it('makes a synchronous parse fail loudly (servers load it at start-up) and an async parse load it', async () => {
    expect(() => passwordField.safeParse('monsoon lagoon teacup')).toThrow();
    await expect(passwordField.safeParseAsync('password1234')).resolves.toMatchObject({ success: false });
    expect(passwordField.safeParse('monsoon lagoon teacup').success).toBe(true);
  });
});

describe('the staff password rule (NIST SP 800-63B)', () => {
  beforeAll(() => loadPasswordEstimator());

  it.each([
    ['', PasswordMessages.required],
    ['password', PasswordMessages.tooShort],
    ['12345678', PasswordMessages.tooShort],
    ['        ', PasswordMessages.tooShort],
    ['correct-hor', PasswordMessages.tooShort],
    ['password1234', PasswordMessages.tooCommon],
    ['qwertyuiop12', PasswordMessages.tooCommon],
    ['iloveyou2024', PasswordMessages.tooCommon],
    ['Password1234!', PasswordMessages.tooCommon],
    ['111111111111', PasswordMessages.tooCommon],
    ['            ', PasswordMessages.tooCommon],
    ['x'.repeat(129), PasswordMessages.tooLong],
  ])('refuses %j: %s', (password, message) => {
    expect(passwordMessages(userCreateSchema.safeParse({ ...user, password }))).toEqual([message]);
  });

  it('refuses the username itself, whatever the case, on add and on edit', () => {
    expect(passwordMessages(userCreateSchema.safeParse({ ...user, password: 'Nimal.Perera.01' }))).toEqual([PasswordMessages.sameAsUsername]);
    expect(passwordMessages(userUpdateSchema.safeParse({ ...user, password: 'NIMAL.PERERA.01' }))).toEqual([PasswordMessages.sameAsUsername]);
  });

  it.each(['monsoon lagoon teacup', 'correct horse battery staple', 'Tr0ub4dour&3', 'ශ්‍රී ලංකා කොළඹ නගරය', 'x7#kQ9!mZ2@p'.repeat(10)])(
    'accepts %j, with no composition rules',
    (password) => {
      expect(userCreateSchema.safeParse({ ...user, password }).success).toBe(true);
    },
  );

  it('on edit, a blank password keeps the current one and a new one follows the rule', () => {
    expect(userUpdateSchema.safeParse({ ...user, password: '' }).success).toBe(true);
    expect(passwordMessages(userUpdateSchema.safeParse({ ...user, password: 'password1234' }))).toEqual([PasswordMessages.tooCommon]);
  });

  it('is not applied at sign-in, so passwords set before the rule still sign in', () => {
    expect(loginRequestSchema.safeParse({ username: 'nimal', password: 'password' }).success).toBe(true);
  });
});
