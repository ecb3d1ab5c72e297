import type { $ZodError } from 'zod/v4/core';
import { userCreateSchema, userUpdateSchema } from './directory/user.resource.js';
import { branchCreateSchema, branchUpdateSchema } from './directory/branch.resource.js';
import { userListQuerySchema } from './directory/user.resource.js';
import { api, apiPath } from './api.js';
import { landingPathFor } from './session.js';
import { loadPasswordEstimator } from './password-strength.js';

beforeAll(() => loadPasswordEstimator());

const validUser = {
  fullName: 'Nimal Perera',
  username: 'nimal.p',
  email: 'nimal@example.com',
  password: 'correct-horse-42',
  branchCity: 'Colombo',
  contact: '+94 77 123 4567',
  role: 'Admin',
  department: 'Import',
};

function firstMessages(result: { success: boolean; error?: $ZodError }) {
  return result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
}

describe('user schemas', () => {
  it('accepts a complete user and trims text', () => {
    const parsed = userCreateSchema.parse({ ...validUser, fullName: '  Nimal Perera ' });
    expect(parsed.fullName).toBe('Nimal Perera');
  });

  it('names every missing field with a message a person can act on', () => {
    const messages = firstMessages(userCreateSchema.safeParse({}));
    expect(messages).toEqual(
      expect.arrayContaining([
        'fullName: Full name is required',
        'username: Username is required',
        'email: Email is required',
        'password: Password is required',
        'role: Role is required',
        'department: Department is required',
      ]),
    );
  });

  it('rejects a bad e-mail, an unknown role or department, a short password', () => {
    const messages = firstMessages(userCreateSchema.safeParse({ ...validUser, email: 'not-an-email', role: 'Boss', department: 'Sales', password: 'short' }));
    expect(messages).toEqual([
      'email: Enter a valid email address',
      'password: Password must be at least 12 characters',
      'role: Role must be Admin, Head or Employee',
      'department: Department must be Import or Export',
    ]);
  });

  it('rejects usernames that could not travel in a URL path', () => {
    expect(userCreateSchema.safeParse({ ...validUser, username: 'a/b' }).success).toBe(false);
    expect(userCreateSchema.safeParse({ ...validUser, username: 'ab' }).success).toBe(false);
  });

  it('treats a blank password on edit as "keep the current one"', () => {
    expect(userUpdateSchema.parse({ ...validUser, password: '' }).password).toBeUndefined();
    expect(userUpdateSchema.parse({ ...validUser, password: null }).password).toBeUndefined();
    expect(userUpdateSchema.parse(validUser).password).toBe(validUser.password);
    expect(userUpdateSchema.safeParse({ ...validUser, password: 'short' }).success).toBe(false);
  });
});

describe('branch schemas', () => {
  const branch = { BranchCity: 'Kandy', Location: '12 Temple Rd', Contact: '081 222 3333', Code: 'KDY' };
  it('requires every field on add and lets edit omit city and code', () => {
    expect(branchCreateSchema.safeParse(branch).success).toBe(true);
    expect(branchCreateSchema.safeParse({ ...branch, Code: undefined }).success).toBe(false);
    expect(branchUpdateSchema.safeParse({ Location: 'x', Contact: '081 222 3333' }).success).toBe(true);
  });
});

describe('list query', () => {
  it('coerces paging numbers from the query string and bounds them', () => {
    expect(userListQuerySchema.parse({ page: '2', pageSize: '25', sort: 'username', order: 'desc' })).toEqual({
      page: 2,
      pageSize: 25,
      sort: 'username',
      order: 'desc',
    });
    expect(userListQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
    expect(userListQuerySchema.safeParse({ page: '5000000' }).error?.issues[0]?.message).toBe('page must be at most 1000000');
    expect(userListQuerySchema.safeParse({ sort: 'password_hash' }).success).toBe(false);
  });
});

describe('api table', () => {
  it('keeps the specification paths', () => {
    expect(Object.values(api).map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/users/login', 'PUT /api/users/update', 'DELETE /api/branches/delete/{BranchCity}']),
    );
  });

  it('fills and encodes path parameters', () => {
    expect(apiPath(api.branchesSearch.path, { BranchCity: 'Nuwara Eliya' })).toBe('/api/branches/search/Nuwara%20Eliya');
    expect(() => apiPath(api.usersDelete.path)).toThrow('Missing path parameter username');
  });

  it('sends Head and Admin to the dashboard and everyone else to shipment management', () => {
    expect(landingPathFor('Head')).toBe('/admindashboard');
    expect(landingPathFor('Admin')).toBe('/admindashboard');
    expect(landingPathFor('Employee')).toBe('/shipmentmanagement');
  });
});
