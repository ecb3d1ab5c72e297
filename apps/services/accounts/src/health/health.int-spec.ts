import { startAccounts, type AccountsHarness } from '../testing/accounts-harness.js';

describe('accounts service health', () => {
  let accounts: AccountsHarness;
  beforeAll(async () => {
    accounts = await startAccounts();
  });
  afterAll(() => accounts.close());

  it('answers accounts.health with its database up, its schema migrated', async () => {
    await expect(accounts.client.request('accounts.health', {})).resolves.toEqual({ service: 'accounts', database: 'up' });
    const tables = await accounts.adminQuery<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'accounts'`);
    expect(tables.map((row) => row.table_name)).toContain('migrations');
  });
});
