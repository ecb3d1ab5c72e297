import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_ADDITIONAL_EMAILS, PasswordMessages, type Consignee, type Shipper, type StaffRole } from '@freight/contracts';
import { alertText, bare, fakeGateway, field, renderAt, reply, setField, type Answer } from '../screens.spec.setup.js';

// The consignee and shipper screens (requirements 01 §2, §4, §5, §8; requirements decisions §3) as the host mounts
// them, against a fake gateway: what they check before sending, and what they send.
const api = fakeGateway();

const lanka: Consignee = {
  consignee_id: 'c1',
  consigneeName: 'Lanka Traders',
  username: 'lanka.traders',
  email: 'accounts@lanka.example',
  additionalEmails: ['ops@lanka.example'],
  address: '12 Harbour Road',
  mobile: '',
  handlingPersonName: 'Nimal',
  remarks: '',
  openingBalance: '1250.50',
  currentBalance: '1250.50',
};
const ceylon: Shipper = {
  shipper_id: 's1',
  shipperName: 'Ceylon Tea',
  username: 'ceylon.tea',
  email: 'ship@ceylon.example',
  address: 'Kandy Road',
  mobile: '081 222 3333',
  handlingPersonName: 'Sunil',
  remarks: '',
};

/** A consignee's balance as the accounts service answers it: opening 1,250.50 + debits 10,000 − credits 250. */
const balanceOf = (id: string) => ({
  consignee_id: id,
  consigneeName: 'Lanka Traders',
  openingBalance: '1250.50',
  totalDebit: '10000.00',
  totalCredit: '250.00',
  balance: '11000.50',
  updatedAt: '2026-11-21T08:00:00.000Z',
});

/** The gateway: `routes` by 'METHOD /path'; anything else answers 500. */
const serve = (routes: Record<string, Answer>) => Object.assign(api.routes, routes);
/** The edit screen of a consignee or shipper as `role`, loaded; the gateway answers its get and update. */
async function openEdit(kind: 'consignee' | 'shipper', record: Consignee | Shipper, role: StaffRole) {
  const { [`${kind}_id`]: id, [`${kind}Name`]: name } = record as unknown as Record<string, string>;
  serve({
    [`GET /api/${kind}s/get/${id}`]: () => reply(record),
    [`PUT /api/${kind}s/update/${id}`]: () => reply({ success: true, [kind]: record }),
    [`GET /api/accounts/balance/${id}`]: () => reply({ success: true, balance: balanceOf(id!) }),
  });
  renderAt(`edit${kind}/${id}`, role);
  expect(await screen.findByDisplayValue(name!)).toBeTruthy();
}
const sent = (method: string) => api.calls.filter((c) => c.method === method);
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('add consignee (requirements 01 §5: name, username, email, handling person and password required)', () => {
  it('shows what is missing under each required input and sends nothing; address, mobile and remarks may stay empty', async () => {
    renderAt('addconsignee', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Add Consignee' })).toBeTruthy();
    submit('Add Consignee');
    for (const message of [
      'Consignee name is required',
      'Username is required',
      'Email is required',
      'Handling person name is required',
      PasswordMessages.required,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByText('Address is required')).toBeNull();
    expect(screen.queryByText('Mobile is required')).toBeNull();
    expect(field('Address').required).toBe(false);
    expect(sent('POST')).toEqual([]);
  });

  it('refuses a malformed e-mail, also in an additional e-mail row, and a password that is the username', async () => {
    renderAt('addconsignee', 'Head');
    await screen.findByRole('heading', { name: 'Add Consignee' });
    setField('Consignee Name', 'Lanka Traders');
    setField('Username', 'lanka.traders');
    setField('Email', 'accounts-at-lanka');
    setField('Handling Person Name', 'Nimal');
    setField('Password', 'lanka.traders');
    fireEvent.click(screen.getByRole('button', { name: 'Add Email' }));
    setField('Additional email 1', 'ops@');
    submit('Add Consignee');
    expect(await screen.findAllByText('Enter a valid email address')).toHaveLength(2);
    expect(screen.getByText(PasswordMessages.sameAsUsername)).toBeTruthy();
    expect(sent('POST')).toEqual([]);
  });

  it('additional e-mails are rows that are added and removed (at most 10); what is left is sent', async () => {
    serve({ 'POST /api/consignees/add': () => reply({ success: true, message: 'Consignee added successfully!', consignee: lanka }, 201) });
    renderAt('addconsignee', 'Head');
    await screen.findByRole('heading', { name: 'Add Consignee' });
    const addEmail = screen.getByRole('button', { name: 'Add Email' }) as HTMLButtonElement;
    fireEvent.click(addEmail);
    fireEvent.click(addEmail);
    setField('Additional email 1', 'first@lanka.example');
    setField('Additional email 2', 'second@lanka.example');
    fireEvent.click(screen.getByRole('button', { name: 'Remove additional email 1' }));
    expect(screen.queryByLabelText('Additional email 2')).toBeNull();
    expect(field('Additional email 1').value).toBe('second@lanka.example');
    for (let i = 1; i < MAX_ADDITIONAL_EMAILS; i++) fireEvent.click(addEmail);
    expect(screen.getAllByRole('button', { name: /^Remove additional email/ })).toHaveLength(MAX_ADDITIONAL_EMAILS);
    expect(addEmail.disabled).toBe(true);
    for (let i = MAX_ADDITIONAL_EMAILS; i > 1; i--) fireEvent.click(screen.getByRole('button', { name: `Remove additional email ${i}` }));
    expect(addEmail.disabled).toBe(false);

    setField('Consignee Name', 'Lanka Traders');
    setField('Username', 'lanka.traders');
    setField('Email', 'accounts@lanka.example');
    setField('Handling Person Name', 'Nimal');
    setField('Password', 'monsoon-harbour-teacup');
    // Not locked on add: the balance is typed straight in.
    expect(field('Opening Balance').readOnly).toBe(false);
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
    setField('Opening Balance', '1250.5');
    submit('Add Consignee');
    expect(await screen.findByText('Consignee added successfully!')).toBeTruthy();
    expect(sent('POST')[0]!.body).toEqual({
      consigneeName: 'Lanka Traders',
      username: 'lanka.traders',
      email: 'accounts@lanka.example',
      additionalEmails: ['second@lanka.example'],
      address: '',
      mobile: '',
      handlingPersonName: 'Nimal',
      password: 'monsoon-harbour-teacup',
      remarks: '',
      openingBalance: '1250.50',
    });
  });

  it("a refused add shows the server's message; any other failure 'Failed to add consignee. Please try again.'", async () => {
    let answer = () => reply({ message: "Username 'lanka.traders' is already taken", code: 'CONFLICT' }, 409);
    serve({ 'POST /api/consignees/add': () => answer() });
    renderAt('addconsignee', 'Head');
    await screen.findByRole('heading', { name: 'Add Consignee' });
    setField('Consignee Name', 'Lanka Traders');
    setField('Username', 'lanka.traders');
    setField('Email', 'accounts@lanka.example');
    setField('Handling Person Name', 'Nimal');
    setField('Password', 'monsoon-harbour-teacup');
    submit('Add Consignee');
    expect(await alertText()).toBe("Username 'lanka.traders' is already taken");
    answer = () => bare(500);
    submit('Add Consignee');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to add consignee. Please try again.'));
  });
});

describe('edit consignee', () => {
  it("the Head's opening balance is locked until Unlock is pressed; the username is read-only; the change is sent", async () => {
    await openEdit('consignee', lanka, 'Head');
    expect(field('Username').readOnly).toBe(true);
    expect(field('Current Balance').readOnly).toBe(true);
    // What the accounts service says, not the directory's copy.
    await waitFor(() => expect(field('Current Balance').value).toBe('Rs. 11,000.50'));
    const balance = field('Opening Balance');
    expect(balance.readOnly).toBe(true);
    expect(balance.value).toBe('1250.50');
    expect(screen.getByText('Locked: press Unlock to change it')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(field('Opening Balance').readOnly).toBe(false);
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
    setField('Opening Balance', '2000');
    submit('Save Changes');
    expect(await screen.findByText('Consignee updated successfully')).toBeTruthy();
    expect(sent('PUT')[0]!.body).toMatchObject({ updateData: { openingBalance: '2000.00', additionalEmails: ['ops@lanka.example'] } });
  });

  it.each(['Admin', 'Employee'] as const)('an %s cannot unlock the opening balance; their save sends none, the rest as edited', async (role) => {
    await openEdit('consignee', lanka, role);
    const balance = field('Opening Balance');
    expect(balance.readOnly).toBe(true);
    expect(balance.value).toBe('1250.50');
    expect(screen.getByText('Only the Head can change the opening balance')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
    setField('Address', 'New Harbour Road');
    submit('Save Changes');
    expect(await screen.findByText('Consignee updated successfully')).toBeTruthy();
    expect(sent('PUT')[0]!.body).toMatchObject({ updateData: { address: 'New Harbour Road' } });
    expect(sent('PUT')[0]!.body).not.toHaveProperty('updateData.openingBalance');
  });

  it("a blank password keeps the old one (the body has none); 'Consignee not found' for an unknown id", async () => {
    await openEdit('consignee', lanka, 'Head');
    expect(field('Password').getAttribute('placeholder')).toBe('Leave blank to keep current');
    expect(field('Password').required).toBe(false);
    submit('Save Changes');
    expect(await screen.findByText('Consignee updated successfully')).toBeTruthy();
    expect(sent('PUT')[0]!.body).not.toHaveProperty('updateData.password');
    api.otherwise = () => reply({ message: 'Consignee not found', code: 'NOT_FOUND' }, 404);
    renderAt('editconsignee/ghost', 'Head');
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Consignee not found'));
  });
});

describe('consignee list', () => {
  it("the list shows each consignee's balance owed from one balances call for the whole page; N/A for one the accounts do not know yet", async () => {
    const newcomer = { ...lanka, consignee_id: 'c2', consigneeName: 'Newcomer Imports', username: 'newcomer' };
    serve({
      'GET /api/consignees/all': () => reply([lanka, newcomer]),
      'GET /api/accounts/balances': () => reply({ success: true, balances: [balanceOf('c1')] }),
    });
    renderAt('manageconsignee', 'Employee');
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('columnheader', { name: 'Balance Owed' })).toBeTruthy();
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((each) => each.textContent?.includes(name))!;
    await waitFor(() => expect(within(row('Lanka Traders')).getByRole('cell', { name: 'Rs. 11,000.50' })).toBeTruthy());
    expect(within(row('Newcomer Imports')).getByRole('cell', { name: 'N/A' })).toBeTruthy();
    expect(api.calls.filter((call) => call.url.startsWith('/api/accounts/')).map((call) => call.url)).toEqual(['/api/accounts/balances?consignee_ids=c1%2Cc2']);
  });
});

describe('view consignee', () => {
  it('says the current balance is not available when the accounts service cannot be reached; the rest shows', async () => {
    serve({
      'GET /api/consignees/search/c1': () => reply({ success: true, consignees: [lanka] }),
      'GET /api/accounts/balance/c1': () => reply({ message: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }, 503),
      'GET /api/consignees/balance-history/c1': () => reply({ changes: [] }),
    });
    renderAt('viewconsignee/c1', 'Employee');
    const details = await screen.findByRole('table', { name: 'Consignee details' });
    expect(
      await within(details).findByRole('row', { name: 'Current Balance Not available: the accounts could not be reached' }, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(within(details).getByRole('row', { name: 'Opening Balance Rs. 1,250.50' })).toBeTruthy();
  });

  it('shows the record and every change of the opening balance: when, who, before and after', async () => {
    serve({
      'GET /api/consignees/search/c1': () => reply({ success: true, consignees: [lanka] }),
      'GET /api/accounts/balance/c1': () => reply({ success: true, balance: balanceOf('c1') }),
      'GET /api/consignees/balance-history/c1': () =>
        reply({ changes: [{ changedAt: '2026-11-20T09:05:00.000Z', changedBy: 'head.one', before: '1000.00', after: '1250.50' }] }),
    });
    renderAt('viewconsignee/c1', 'Employee');
    expect(await screen.findByRole('heading', { name: 'View Consignee' })).toBeTruthy();
    const details = await screen.findByRole('table', { name: 'Consignee details' });
    expect(within(details).getByRole('row', { name: 'Additional Emails ops@lanka.example' })).toBeTruthy();
    expect(within(details).getByRole('row', { name: 'Opening Balance Rs. 1,250.50' })).toBeTruthy();
    // The balance owed is the accounts service's (opening + debits − credits).
    expect(await within(details).findByRole('row', { name: 'Current Balance Rs. 11,000.50' })).toBeTruthy();
    const history = await screen.findByRole('table', { name: 'Opening balance changes' });
    const [, change] = within(history).getAllByRole('row');
    expect(
      within(change!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringMatching(/^20\/11\/2026 \d\d:\d\d$/), 'head.one', 'Rs. 1,000.00', 'Rs. 1,250.50']);
  });

  it("says 'No changes recorded.' when the balance never changed, and 'Error fetching opening balance changes' when the history fails", async () => {
    let history = () => reply({ changes: [] });
    serve({ 'GET /api/consignees/search/c1': () => reply({ success: true, consignees: [lanka] }), 'GET /api/consignees/balance-history/c1': () => history() });
    renderAt('viewconsignee/c1', 'Employee');
    expect(await screen.findByText('No changes recorded.')).toBeTruthy();
    history = () => bare(500);
    renderAt('viewconsignee/c1', 'Employee');
    expect(await screen.findByText('Error fetching opening balance changes')).toBeTruthy();
  });
});

describe('shippers (requirements 01 §5: all fields required on add except remarks)', () => {
  it('add: every field but remarks is required, and nothing is sent until they are there', async () => {
    renderAt('addshipper', 'Employee');
    expect(await screen.findByRole('heading', { name: 'Add Shipper' })).toBeTruthy();
    submit('Add Shipper');
    const required = ['Shipper name', 'Username', 'Email', 'Address', 'Mobile', 'Handling person name'];
    for (const label of required) expect(await screen.findByText(`${label} is required`)).toBeTruthy();
    expect(screen.getByText(PasswordMessages.required)).toBeTruthy();
    expect(screen.queryByText('Remarks is required')).toBeNull();
    // A shipper has no additional e-mails and no balance.
    expect(screen.queryByRole('button', { name: 'Add Email' })).toBeNull();
    expect(screen.queryByLabelText(/^Opening Balance/)).toBeNull();
    expect(sent('POST')).toEqual([]);
  });

  it('edit: a blank password is left out of the body; a new one is sent', async () => {
    await openEdit('shipper', ceylon, 'Admin');
    setField('Address', 'Galle Road');
    submit('Save Changes');
    expect(await screen.findByText('Shipper updated successfully')).toBeTruthy();
    expect(sent('PUT')[0]!.body).toEqual({
      updateData: {
        shipperName: 'Ceylon Tea',
        username: 'ceylon.tea',
        email: 'ship@ceylon.example',
        address: 'Galle Road',
        mobile: '081 222 3333',
        handlingPersonName: 'Sunil',
        remarks: '',
      },
    });
    setField('Password', 'kettle-monsoon-harbour');
    submit('Save Changes');
    await waitFor(() => expect(sent('PUT')).toHaveLength(2));
    expect(sent('PUT')[1]!.body).toMatchObject({ updateData: { password: 'kettle-monsoon-harbour' } });
  });

  it('view: the record without any balance history call', async () => {
    serve({ 'GET /api/shippers/search/s1': () => reply({ success: true, shippers: [ceylon] }) });
    renderAt('viewshipper/s1', 'Employee');
    const details = await screen.findByRole('table', { name: 'Shipper details' });
    expect(within(details).getByRole('row', { name: 'Handling Person Sunil' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Opening balance changes' })).toBeNull();
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/shippers/search/s1']);
  });
});
