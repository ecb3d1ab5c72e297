import { consignees, shippers, type ConsigneeCreate } from '@freight/contracts';
import { newShipper } from '@freight/server-testing';
import { errorOf, headActor, startDirectory, type DirectoryHarness } from '../testing/directory-harness.js';

// Consignees over real NATS against the directory on a fresh Postgres database.
const C = consignees.subjects;
let h: DirectoryHarness;
const adminActor = { id: '00000000-0000-4000-8000-000000000002', username: 'admin.one', role: 'Admin' } as const;

const consignee = (n: number, over: Partial<Record<keyof ConsigneeCreate, unknown>> = {}) => ({
  consigneeName: `Lanka Traders ${n}`,
  username: `lanka.traders${n}`,
  email: `accounts${n}@lanka.example`,
  handlingPersonName: `Nimal ${n}`,
  password: `monsoon-harbour-${n}-teacup`,
  ...over,
});
const add = (body: object, actor = headActor) => h.client.request(C.add, { actor, body } as never);
const get = (consignee_id: string) => h.client.request(C.get, { actor: headActor, params: { consignee_id } });
const list = (query: object = {}) => h.client.request(C.all, { actor: headActor, query } as never);
const update = (consignee_id: string, updateData: object, actor = headActor) =>
  h.client.request(C.update, { actor, params: { consignee_id }, body: { updateData } } as never);
const remove = (consignee_id: string) => h.client.request(C.delete, { actor: headActor, params: { consignee_id } });
const idOf = async (body: object) => (await add(body)).consignee.consignee_id;

beforeAll(async () => {
  h = await startDirectory();
});
afterAll(() => h?.close());

describe('directory.consignee.add', () => {
  it('adds a consignee, trimmed, with its additional e-mails de-duplicated whatever their case; never answers the password', async () => {
    const reply = await add(
      consignee(1, {
        consigneeName: '  Lanka Traders 1 ',
        email: ' accounts1@lanka.example ',
        additionalEmails: ['ops@lanka.example', ' OPS@Lanka.example', '', 'docs@lanka.example'],
        address: ' 12 Harbour Road ',
        mobile: '+94 77 123 4567',
        remarks: 'Prefers\nmorning calls',
        openingBalance: '1250.5',
      }),
    );
    expect(reply).toEqual({
      success: true,
      message: 'Consignee added successfully!',
      consignee: {
        consignee_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        consigneeName: 'Lanka Traders 1',
        username: 'lanka.traders1',
        email: 'accounts1@lanka.example',
        additionalEmails: ['ops@lanka.example', 'docs@lanka.example'],
        address: '12 Harbour Road',
        mobile: '+94 77 123 4567',
        handlingPersonName: 'Nimal 1',
        remarks: 'Prefers\nmorning calls',
        openingBalance: '1250.50',
        currentBalance: '1250.50',
      },
    });
    const [row] = await h.adminQuery(`SELECT password_hash, opening_balance::text AS balance FROM directory.consignee WHERE username = 'lanka.traders1'`);
    expect(row).toEqual({ password_hash: expect.stringMatching(/^\$argon2id\$/), balance: '1250.50' });
    expect(JSON.stringify(await get(reply.consignee.consignee_id))).not.toMatch(/password|argon2/i);
  });

  it('takes the optional fields as empty and the balance as 0.00', async () => {
    await expect(add(consignee(2))).resolves.toMatchObject({
      consignee: { additionalEmails: [], address: '', mobile: '', remarks: '', openingBalance: '0.00', currentBalance: '0.00' },
    });
  });

  it.each([
    ['a missing name', { consigneeName: undefined }, 'body.consigneeName', 'Consignee name is required'],
    ['a blank username', { username: '   ' }, 'body.username', 'Username is required'],
    ['a missing handling person', { handlingPersonName: undefined }, 'body.handlingPersonName', 'Handling person name is required'],
    ['a missing password', { password: undefined }, 'body.password', 'Password is required'],
    ['a short password', { password: 'short' }, 'body.password', 'Password must be at least 12 characters'],
    ['the username as password', { password: 'Lanka.Traders9', username: 'lanka.traders9' }, 'body.password', 'Password must not be the username'],
    ['a bad e-mail', { email: 'accounts-at-lanka' }, 'body.email', 'Enter a valid email address'],
    ['a bad additional e-mail', { additionalEmails: ['ok@lanka.example', 'not-an-email'] }, 'body.additionalEmails.1', 'Enter a valid email address'],
    [
      'eleven additional e-mails',
      { additionalEmails: Array.from({ length: 11 }, (_, i) => `a${i}@lanka.example`) },
      'body.additionalEmails',
      'At most 10 additional emails',
    ],
    [
      'additional e-mails that are no list',
      { additionalEmails: 'ops@lanka.example' },
      'body.additionalEmails',
      'Additional emails must be a list of email addresses',
    ],
    ['a name over 100 characters', { consigneeName: 'x'.repeat(101) }, 'body.consigneeName', 'Consignee name must be at most 100 characters'],
    ['remarks over 2000 characters', { remarks: 'x'.repeat(2001) }, 'body.remarks', 'Remarks must be at most 2000 characters'],
    ['a negative balance', { openingBalance: '-5' }, 'body.openingBalance', 'Opening balance must not be negative'],
    ['a negative balance as a number', { openingBalance: -5 }, 'body.openingBalance', 'Opening balance must not be negative'],
    ['a balance that is no number', { openingBalance: '12abc' }, 'body.openingBalance', 'Opening balance must be an amount such as 1234.50'],
    ['a balance with 3 decimals', { openingBalance: '10.005' }, 'body.openingBalance', 'Opening balance must have at most 2 decimals'],
    ['a balance of the wrong type', { openingBalance: true }, 'body.openingBalance', 'Opening balance must be an amount such as 1234.50'],
    ['a name of the wrong type', { consigneeName: 42 }, 'body.consigneeName', 'Consignee name is required'],
    ['a bad mobile', { mobile: 'call me' }, 'body.mobile', 'Mobile must be a phone number (digits, spaces, + - ( ))'],
  ])('refuses %s (400, naming the field)', async (_, over, field, message) => {
    const error = await errorOf(add(consignee(9, over)));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: { [field]: message } });
    await expect(h.adminQuery(`SELECT 1 FROM directory.consignee WHERE username = 'lanka.traders9'`)).resolves.toEqual([]);
  });

  it('refuses a name or a username already used, whatever the case (409); a shipper cannot take a consignee username either', async () => {
    await expect(errorOf(add(consignee(3, { consigneeName: 'LANKA TRADERS 1' })))).resolves.toEqual({
      code: 'CONFLICT',
      message: "Consignee 'LANKA TRADERS 1' already exists",
      details: { consigneeName: "Consignee 'LANKA TRADERS 1' already exists" },
    });
    await expect(errorOf(add(consignee(3, { username: 'LANKA.traders1' })))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Username 'LANKA.traders1' is already taken",
    });
    const shipper = {
      shipperName: 'Ceylon Exports',
      username: 'Lanka.Traders2',
      email: 'ship@ceylon.example',
      address: 'Kandy Road',
      mobile: '081 222 3333',
      handlingPersonName: 'Sunil',
      password: 'lagoon-monsoon-teacup',
      remarks: '',
    };
    await expect(errorOf(h.client.request(shippers.subjects.add, { actor: headActor, body: shipper }))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Username 'Lanka.Traders2' is already taken",
    });
  });

  it('lets one of two concurrent creates of a username win, as consignee or shipper: the other is a 409', async () => {
    const results = await Promise.allSettled([
      add(consignee(4, { username: 'race.client' })),
      h.client.request(shippers.subjects.add, { actor: headActor, body: newShipper('race.client') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.body).toMatchObject({ code: 'CONFLICT', message: "Username 'race.client' is already taken" });
    const same = await Promise.allSettled([add(consignee(5, { consigneeName: 'Twin' })), add(consignee(6, { consigneeName: 'TWIN' }))]);
    expect(same.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});

describe('reading consignees', () => {
  it('lists by name, pages with the total, sorts and searches by name in SQL', async () => {
    const all = await list();
    const names = all.items.map((c: { consigneeName: string }) => c.consigneeName);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const page = await list({ page: 1, pageSize: 2, sort: 'username', order: 'desc' });
    expect(page.total).toBe(all.total);
    expect(page.items).toHaveLength(2);
    expect(page.items[0].username.toLowerCase() >= page.items[1].username.toLowerCase()).toBe(true);
    await expect(list({ q: 'traders 2' })).resolves.toMatchObject({ total: 1, items: [{ consigneeName: 'Lanka Traders 2' }] });
    await expect(errorOf(list({ sort: 'password' }))).resolves.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('search/{id} answers the one consignee as a list; get/{id} the record; an unknown or malformed id is 404', async () => {
    const id = (await list({ q: 'Lanka Traders 1' })).items[0].consignee_id;
    await expect(h.client.request(C.search, { actor: headActor, params: { consignee_id: id } })).resolves.toEqual({
      success: true,
      consignees: [expect.objectContaining({ consignee_id: id })],
    });
    await expect(h.client.request(C.search, { actor: headActor, params: { consignee_id: '00000000-0000-4000-8000-00000000ffff' } })).resolves.toEqual({
      success: true,
      consignees: [],
    });
    await expect(errorOf(get('00000000-0000-4000-8000-00000000ffff'))).resolves.toEqual({ code: 'NOT_FOUND', message: 'Consignee not found' });
    await expect(errorOf(get('not-an-id'))).resolves.toEqual({ code: 'NOT_FOUND', message: 'Consignee not found' });
  });

  it('unique answers every name, sorted', async () => {
    const names: string[] = await h.client.request(C.unique, { actor: headActor });
    expect(names).toContain('Lanka Traders 1');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe('directory.consignee.update', () => {
  let id: string;
  beforeAll(async () => {
    id = await idOf(consignee(20, { openingBalance: '100.00' }));
  });

  it('changes the fields sent, keeps the password when none is sent, and records no balance change when it stays', async () => {
    const [before] = await h.adminQuery(`SELECT password_hash, session_version FROM directory.consignee WHERE id = $1`, [id]);
    const reply = await update(id, {
      ...consignee(20, { password: '', address: 'New Harbour Road', additionalEmails: ['x@lanka.example'] }),
      openingBalance: '100',
    });
    expect(reply).toMatchObject({
      success: true,
      message: 'Consignee updated successfully',
      consignee: { address: 'New Harbour Road', additionalEmails: ['x@lanka.example'], openingBalance: '100.00' },
    });
    await expect(h.adminQuery(`SELECT password_hash, session_version FROM directory.consignee WHERE id = $1`, [id])).resolves.toEqual([before]);
    await expect(h.client.request(C.balanceHistory, { actor: headActor, params: { consignee_id: id } })).resolves.toEqual({ success: true, changes: [] });
  });

  it('records every change of the opening balance: who, when, before, after, newest first', async () => {
    const { password: _, ...fields } = consignee(20);
    await update(id, { ...fields, openingBalance: '250.75' });
    await update(id, { ...fields, openingBalance: 99 });
    // What is owed is the accounts service's figure (its events), not the opening balance: none came here.
    await expect(get(id)).resolves.toMatchObject({ openingBalance: '99.00', currentBalance: '100.00' });
    const history = await h.client.request(C.balanceHistory, { actor: headActor, params: { consignee_id: id } });
    expect(history.changes).toEqual([
      { changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), changedBy: 'head', before: '250.75', after: '99.00' },
      { changedAt: expect.any(String), changedBy: 'head', before: '100.00', after: '250.75' },
    ]);
  });

  it('refuses a change of the opening balance to anyone but the Head (403, nothing written); their edit that keeps it is saved', async () => {
    const { password: _, ...fields } = consignee(20);
    const employee = { ...adminActor, username: 'emp.one', role: 'Employee' } as const;
    for (const actor of [adminActor, employee]) {
      await expect(errorOf(update(id, { ...fields, openingBalance: '5.00' }, actor))).resolves.toEqual({
        code: 'FORBIDDEN',
        message: "Only the Head can change a consignee's opening balance once the consignee exists.",
        details: { openingBalance: "Only the Head can change a consignee's opening balance once the consignee exists." },
      });
      await expect(update(id, { ...fields, openingBalance: '99', remarks: actor.username }, actor)).resolves.toMatchObject({
        consignee: { openingBalance: '99.00', remarks: actor.username },
      });
    }
    await expect(h.client.request(C.balanceHistory, { actor: headActor, params: { consignee_id: id } })).resolves.toMatchObject({
      changes: [expect.anything(), expect.anything()],
    });
  });

  it('does not record a balance change that was not made (the edit failed)', async () => {
    await idOf(consignee(21));
    await expect(errorOf(update(id, { ...consignee(20, { consigneeName: 'lanka traders 21', password: '' }), openingBalance: '5' }))).resolves.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(h.client.request(C.balanceHistory, { actor: headActor, params: { consignee_id: id } })).resolves.toMatchObject({
      changes: [expect.anything(), expect.anything()],
    });
    await expect(get(id)).resolves.toMatchObject({ openingBalance: '99.00' });
  });

  it('a new password ends the sessions (version raised); the username cannot change', async () => {
    const [before] = await h.adminQuery<{ session_version: number }>(`SELECT session_version FROM directory.consignee WHERE id = $1`, [id]);
    await update(id, { ...consignee(20, { password: 'another-long-passphrase' }) });
    const [after] = await h.adminQuery<{ session_version: number }>(`SELECT session_version FROM directory.consignee WHERE id = $1`, [id]);
    expect(after!.session_version).toBe(before!.session_version + 1);
    await expect(errorOf(update(id, { ...consignee(20, { username: 'someone.else', password: '' }) }))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { username: 'Username cannot be changed' },
    });
    await expect(update(id, { ...consignee(20, { username: 'LANKA.TRADERS20', password: '' }) })).resolves.toMatchObject({
      consignee: { username: 'lanka.traders20' },
    });
  });

  it('refuses a bad body (400), an updateData left out (400), an unknown id (404)', async () => {
    await expect(errorOf(update(id, { ...consignee(20), openingBalance: '1.234' }))).resolves.toMatchObject({
      details: { 'body.updateData.openingBalance': 'Opening balance must have at most 2 decimals' },
    });
    await expect(errorOf(h.client.request(C.update, { actor: headActor, params: { consignee_id: id }, body: consignee(20) } as never))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'body.updateData': 'updateData is required' },
    });
    await expect(errorOf(update('00000000-0000-4000-8000-00000000ffff', consignee(20)))).resolves.toEqual({
      code: 'NOT_FOUND',
      message: 'Consignee not found',
    });
  });
});

describe('directory.consignee.delete', () => {
  it('deletes the consignee and its balance history, frees the username, then 404', async () => {
    const id = await idOf(consignee(30, { openingBalance: '10' }));
    const { password: _, ...fields } = consignee(30);
    await update(id, { ...fields, openingBalance: '20' });
    await expect(remove(id)).resolves.toEqual({ message: 'Consignee deleted successfully' });
    await expect(errorOf(remove(id))).resolves.toEqual({ code: 'NOT_FOUND', message: 'Consignee not found' });
    await expect(h.adminQuery(`SELECT 1 FROM directory.consignee_balance_change WHERE consignee_id = $1`, [id])).resolves.toEqual([]);
    await expect(add(consignee(30, { username: 'LANKA.TRADERS30' }))).resolves.toMatchObject({ success: true });
  });
});
