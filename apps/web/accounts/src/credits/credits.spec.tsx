import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCredit, fakeGateway, later, renderAt, reply } from '../screens.spec.setup.js';

const gateway = fakeGateway();
const ACCOUNTS = '/admindashboard/accounts';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const consignees = () => (gateway.routes['GET /api/consignees/unique'] = () => reply(['Lanka Traders', 'Ceylon Tea Co']));
const written = (message: string, changes = {}) => reply({ success: true, message, credit: aCredit(changes), updatedBalance: '1210566.50' });

describe('Add Credit Payment', () => {
  it('"⚠ Please fill all required fields." while consignee, payment type or amount is missing; nothing is sent', async () => {
    consignees();
    renderAt(`${ACCOUNTS}/creditpayment`);
    await screen.findByRole('option', { name: 'Lanka Traders' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Credit Payment' }));
    expect(await screen.findByText('⚠ Please fill all required fields.')).toBeTruthy();
    fill('Consignee', 'Lanka Traders');
    fill('Payment Type', 'Cash');
    fireEvent.click(screen.getByRole('button', { name: 'Add Credit Payment' }));
    expect(await screen.findByText('⚠ Please fill all required fields.')).toBeTruthy();
    expect(gateway.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('asks for a cheque number only for a cheque, sends it only then, and says the voucher number and the balance', async () => {
    consignees();
    gateway.routes['POST /api/credits/add'] = () => written('Credit payment added successfully.');
    renderAt(`${ACCOUNTS}/creditpayment`);
    await screen.findByRole('option', { name: 'Lanka Traders' });
    fill('Consignee', 'Lanka Traders');
    fill('Payment Type', 'Cash');
    expect(screen.queryByLabelText('Cheque Number', { exact: false })).toBeNull();
    fill('Payment Type', 'Cheque');
    fill('Amount', '25000.50');
    fireEvent.click(screen.getByRole('button', { name: 'Add Credit Payment' }));
    expect(await screen.findByText('Cheque number is required for a cheque payment')).toBeTruthy();
    fill('Cheque Number', ' CHQ-778 ');
    fill('Remarks', 'November payment');
    fireEvent.click(screen.getByRole('button', { name: 'Add Credit Payment' }));
    expect(await screen.findByText(/^Credit payment added successfully\. Voucher No\. 12\. Balance owed by Lanka Traders: Rs\. 1,210,566\.50\.$/)).toBeTruthy();
    expect(gateway.calls.find((call) => call.method === 'POST')?.body).toEqual({
      consigneeName: 'Lanka Traders',
      paymentType: 'Cheque',
      amount: '25000.50',
      chequeNumber: 'CHQ-778',
      remarks: 'November payment',
    });
  });

  it('a refused add puts the server’s reasons under the fields and says "❌ Error adding credit payment."', async () => {
    consignees();
    gateway.routes['POST /api/credits/add'] = () =>
      reply({ message: 'No consignee has this name', code: 'VALIDATION_FAILED', details: { consigneeName: 'No consignee has this name' } }, 400);
    renderAt(`${ACCOUNTS}/creditpayment`);
    await screen.findByRole('option', { name: 'Ceylon Tea Co' });
    fill('Consignee', 'Ceylon Tea Co');
    fill('Payment Type', 'Cash');
    fill('Amount', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Add Credit Payment' }));
    expect(await screen.findByText('❌ Error adding credit payment.')).toBeTruthy();
    expect(screen.getByText('No consignee has this name')).toBeTruthy();
  });
});

describe('Credit Records', () => {
  it('one page from the server, newest voucher first, money as Rs.; a delete asks first, then deletes and reloads', async () => {
    consignees();
    let rows = [aCredit(), aCredit({ _id: 'cr2', credit_sr: 11, paymentType: 'Cash', chequeNumber: '', amount: '700' })];
    gateway.routes['GET /api/credits/all'] = () => reply({ success: true, results: rows }, 200, { 'x-total-count': String(rows.length) });
    gateway.routes['DELETE /api/credits/delete/cr2'] = () => {
      rows = rows.filter((row) => row._id !== 'cr2');
      return written('Credit payment deleted successfully.', { _id: 'cr2' });
    };
    renderAt(`${ACCOUNTS}/viewcredit`);
    const table = await screen.findByRole('table', { name: 'Credit records' });
    expect(await within(table).findByText('Rs. 25,000.50')).toBeTruthy();
    expect(within(table).getByText('Rs. 700.00')).toBeTruthy();
    expect(gateway.calls.find((call) => call.url.startsWith('/api/credits/all'))?.url).toBe('/api/credits/all?sort=credit_sr&order=desc&page=1&pageSize=50');
    expect(screen.getByRole('link', { name: 'Edit credit voucher 12' }).getAttribute('href')).toBe(`${ACCOUNTS}/editcredit/cr1`);

    fireEvent.click(screen.getByRole('button', { name: 'Delete credit voucher 11' }));
    expect(await screen.findByText('Are you sure you want to delete credit voucher No. 11?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to delete credit voucher No. 11?')).toBeNull());
    expect(gateway.calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete credit voucher 11' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Credit payment deleted successfully.')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText('Rs. 700.00')).toBeNull());
  });

  it('sorts, searches and filters on the server, one page at a time', async () => {
    consignees();
    gateway.routes['GET /api/credits/all'] = () => reply({ success: true, results: [aCredit()] }, 200, { 'x-total-count': '51' });
    renderAt(`${ACCOUNTS}/viewcredit`);
    await screen.findByText('Page 1 of 2');
    const lists = () => gateway.calls.filter((call) => call.url.startsWith('/api/credits/all')).map((call) => call.url);
    fireEvent.click(screen.getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(lists().at(-1)).toBe('/api/credits/all?sort=amount&order=asc&page=1&pageSize=50'));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lists().at(-1)).toBe('/api/credits/all?sort=amount&order=asc&page=2&pageSize=50'));
    fireEvent.change(screen.getByLabelText('Search by voucher, consignee, cheque or remarks'), { target: { value: 'CHQ' } });
    await waitFor(() => expect(lists().at(-1)).toBe('/api/credits/all?q=CHQ&sort=amount&order=asc&page=1&pageSize=50'));
    await screen.findByRole('option', { name: 'Lanka Traders' });
    fireEvent.change(screen.getByLabelText('Consignee'), { target: { value: 'Lanka Traders' } });
    await waitFor(() => expect(lists().at(-1)).toBe('/api/credits/all?consigneeName=Lanka+Traders&q=CHQ&sort=amount&order=asc&page=1&pageSize=50'));
  });

  it('a failed delete says "❌ Error deleting credit." and keeps the row; a failed list says so instead of the table', async () => {
    consignees();
    gateway.routes['GET /api/credits/all'] = () => reply({ success: true, results: [aCredit()] }, 200, { 'x-total-count': '1' });
    gateway.routes['DELETE /api/credits/delete/cr1'] = () => new Response('', { status: 500 });
    renderAt(`${ACCOUNTS}/viewcredit`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete credit voucher 12' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('❌ Error deleting credit.')).toBeTruthy();
    expect(screen.getByText('Rs. 25,000.50')).toBeTruthy();
  });

  it('a list that cannot be loaded says so', async () => {
    consignees();
    gateway.routes['GET /api/credits/all'] = () => new Response('', { status: 503 });
    renderAt(`${ACCOUNTS}/viewcredit`);
    expect(await screen.findByText('❌ Error fetching credit records.', undefined, { timeout: 8_000 })).toBeTruthy();
  });
});

describe('Edit Credit', () => {
  it('loads the credit (slowly: "Loading..."), saves the change, then goes to Credit Records after 1,500 ms', async () => {
    consignees();
    gateway.routes['GET /api/credits/cr1'] = () => later(200, () => reply({ success: true, credit: aCredit() }));
    gateway.routes['PUT /api/credits/edit/cr1'] = (call) => written('Credit payment updated successfully.', call.body as object);
    gateway.routes['GET /api/credits/all'] = () => reply({ success: true, results: [aCredit()] }, 200, { 'x-total-count': '1' });
    const router = renderAt(`${ACCOUNTS}/editcredit/cr1`);
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeTruthy();
    expect(((await screen.findByLabelText('Cheque Number', { exact: false })) as HTMLInputElement).value).toBe('CHQ-778');
    expect(screen.getByText('Lanka Traders')).toBeTruthy();
    fill('Payment Type', 'Cash');
    expect(screen.queryByLabelText('Cheque Number', { exact: false })).toBeNull();
    fill('Amount', '24000');
    const saved = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Update Credit' }));
    expect(await screen.findByText('Credit payment updated successfully.')).toBeTruthy();
    expect(gateway.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      paymentType: 'Cash',
      amount: '24000',
      chequeNumber: '',
      remarks: '',
      date: '2026-11-21',
    });
    expect(router.state.location.pathname).toBe(`${ACCOUNTS}/editcredit/cr1`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ACCOUNTS}/viewcredit`), { timeout: 4_000 });
    expect(Date.now() - saved).toBeGreaterThanOrEqual(1_450);
  });

  it('"❌ Failed to load credit details." for a credit that cannot be loaded; "❌ Error updating credit." for a refused save', async () => {
    consignees();
    gateway.routes['GET /api/credits/gone'] = () => reply({ message: 'Credit not found.', code: 'NOT_FOUND' }, 404);
    renderAt(`${ACCOUNTS}/editcredit/gone`);
    expect(await screen.findByText('❌ Failed to load credit details.')).toBeTruthy();
  });

  it('"❌ Error updating credit." when the save fails, and the screen stays', async () => {
    consignees();
    gateway.routes['GET /api/credits/cr1'] = () => reply({ success: true, credit: aCredit() });
    gateway.routes['PUT /api/credits/edit/cr1'] = () => new Response('', { status: 500 });
    const router = renderAt(`${ACCOUNTS}/editcredit/cr1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Update Credit' }));
    expect(await screen.findByText('❌ Error updating credit.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`${ACCOUNTS}/editcredit/cr1`);
  });
});
