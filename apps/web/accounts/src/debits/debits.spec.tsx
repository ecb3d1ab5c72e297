import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aJob, anInvoice, fakeGateway, later, renderAt, reply } from '../screens.spec.setup.js';

const gateway = fakeGateway();
const ADD = '/admindashboard/accounts/debitpayment';
const RECORDS = '/admindashboard/accounts/viewdebit';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Debit Payment' }));

/** The accounts service's invoices of the job asked for: `invoices` (none by default). */
const invoicesAre = (...invoices: ReturnType<typeof anInvoice>[]) => {
  gateway.routes['GET /api/shipments/invoicedshipments'] = () =>
    reply({ success: true, results: invoices, summary: null, message: '' }, 200, { 'x-total-count': String(invoices.length) });
};

describe('Add Debit Payment', () => {
  beforeEach(() => invoicesAre());

  it("refuses an incomplete form in the spec's words, under each field, without calling the server", async () => {
    renderAt(ADD);
    await screen.findByRole('heading', { name: 'Add Debit Payment' });
    submit();
    for (const text of ['⚠ Enter a Job Number before submitting.', '⚠ Invoice No is required.', '⚠ Invoice Amount is required.', '⚠ Invoice Date is required.'])
      expect(await screen.findByText(text)).toBeTruthy();
    fill('Job Number', 'IMP-000001');
    fill('Invoice No', '   ');
    submit();
    expect(await screen.findByText('⚠ Invoice No is required.')).toBeTruthy();
    expect(gateway.calls).toEqual([]);
  });

  it('asks before replacing a job’s invoice, naming the old and the new amount; Cancel sends nothing, Replace invoice sends the debit', async () => {
    invoicesAre(anInvoice({ invoiceNo: 'INV-1001', invoiceAmount: '1234567.00' }));
    gateway.routes['POST /api/shipments/adddebit/IMP-000001'] = () =>
      reply({ success: true, message: 'Invoice replaced successfully.', updatedBalance: '2000.00', replaced: anInvoice(), shipment: anInvoice() });
    renderAt(ADD);
    fill('Job Number', 'IMP-000001');
    fill('Invoice No', 'INV-2002');
    fill('Invoice Amount', '2000');
    fill('Invoice Date', '2026-11-21');
    const question =
      'IMP-000001 already has invoice INV-1001 of Rs. 1,234,567.00. Replace it with invoice INV-2002 of Rs. 2,000.00? The balance owed moves by the difference.';
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Replace the invoice?' });
    expect(within(dialog).getByText(question)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(gateway.calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect((screen.getByLabelText('Invoice No', { exact: false }) as HTMLInputElement).value).toBe('INV-2002');
    submit();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Replace the invoice?' })).getByRole('button', { name: 'Replace invoice' }));
    expect(await screen.findByText('✅ Invoice replaced successfully. Updated Balance: Rs. 2,000.00')).toBeTruthy();
    expect(gateway.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/shipments/adddebit/IMP-000001', body: { invoiceNo: 'INV-2002', invoiceAmount: '2000', invoiceDate: '2026-11-21' } },
    ]);
  });

  it('invoices a job with no invoice without asking, and says the new balance as Rs.', async () => {
    gateway.routes['POST /api/shipments/adddebit/IMP-000001'] = () =>
      reply({ success: true, message: 'Invoice added successfully.', updatedBalance: '1235567.00', replaced: null, shipment: anInvoice() });
    renderAt(ADD);
    fill('Job Number', ' IMP-000001 ');
    fill('Invoice No', ' INV-1001 ');
    fill('Invoice Amount', '1234567');
    fill('Invoice Date', '2026-11-20');
    submit();
    expect(await screen.findByText('✅ Invoice added successfully. Updated Balance: Rs. 1,235,567.00')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(gateway.calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/shipments/adddebit/IMP-000001',
      body: { invoiceNo: 'INV-1001', invoiceAmount: '1234567', invoiceDate: '2026-11-20' },
    });
    expect((screen.getByLabelText('Job Number', { exact: false }) as HTMLInputElement).value).toBe('');
  });

  it.each([
    [404, { message: 'Shipment not found.', code: 'NOT_FOUND' }, 'Shipment not found.'],
    [
      400,
      {
        message: 'Invoice Amount must have at most 2 decimals',
        code: 'VALIDATION_FAILED',
        details: { invoiceAmount: 'Invoice Amount must have at most 2 decimals' },
      },
      'Error: Invoice Amount must have at most 2 decimals',
    ],
    [503, undefined, 'Error adding debit payment.'],
  ])('a refused debit (%i) says so in the spec’s words', async (status, body, text) => {
    gateway.routes['POST /api/shipments/adddebit/IMP-000404'] = () => (body ? reply(body, status) : new Response('', { status }));
    renderAt(ADD);
    fill('Job Number', 'IMP-000404');
    fill('Invoice No', 'INV-1');
    fill('Invoice Amount', '10.555');
    fill('Invoice Date', '2026-11-20');
    submit();
    expect(await screen.findByText(text, undefined, { timeout: 8_000 })).toBeTruthy();
    if (status === 400) expect(screen.getAllByText('Invoice Amount must have at most 2 decimals').length).toBeGreaterThan(0);
  });

  it.each([
    [{ success: false, message: 'Invoice locked by the auditor.' }, 'Invoice locked by the auditor.'],
    [{}, 'Unexpected response from server.'],
  ])('a reply without success says the server’s message, else "Unexpected response from server."', async (body, text) => {
    gateway.routes['POST /api/shipments/adddebit/IMP-000001'] = () => reply(body);
    renderAt(ADD);
    fill('Job Number', 'IMP-000001');
    fill('Invoice No', 'INV-1');
    fill('Invoice Amount', '10');
    fill('Invoice Date', '2026-11-20');
    submit();
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('finds the shipment first: its consignee and current invoice; an unknown job is "Shipment not found."', async () => {
    gateway.routes['GET /api/shipments/searchworklist/IMP-000001'] = () => reply({ success: true, results: [aJob()] });
    gateway.routes['GET /api/shipments/invoicedshipments'] = () =>
      reply({ success: true, results: [anInvoice()], summary: null, message: '' }, 200, { 'x-total-count': '1' });
    gateway.routes['GET /api/shipments/searchworklist/IMP-000099'] = () => reply({ message: 'Job not found', code: 'NOT_FOUND' }, 404);
    gateway.routes['GET /api/shipments/searchworklist/IMP-000500'] = () => new Response('', { status: 500 });
    renderAt(ADD);
    const find = (await screen.findByRole('button', { name: 'Find Shipment' })) as HTMLButtonElement;
    expect(find.disabled).toBe(true);
    fill('Job Number', 'IMP-000001');
    fireEvent.click(find);
    expect(await screen.findByText('INV-1001, Rs. 1,234,567.00, 20/11/2026')).toBeTruthy();
    expect(screen.getByText('Lanka Traders')).toBeTruthy();
    fill('Job Number', 'IMP-000099');
    fireEvent.click(find);
    expect(await screen.findByText('Shipment not found.')).toBeTruthy();
    fill('Job Number', 'IMP-000500');
    fireEvent.click(find);
    expect(await screen.findByText('Shipment not found or error occurred.')).toBeTruthy();
  });
});

describe('Debit Records', () => {
  it('asks the server for one page, newest invoice first, and shows money as Rs.', async () => {
    gateway.routes['GET /api/shipments/invoicedshipments'] = () =>
      reply({ success: true, results: [anInvoice(), anInvoice({ jobNo: 'IMP-000002', invoiceAmount: '50.5' })], summary: null, message: '' }, 200, {
        'x-total-count': '120',
      });
    gateway.routes['GET /api/consignees/unique'] = () => reply(['Lanka Traders', 'Ceylon Tea Co']);
    renderAt(RECORDS);
    const table = await screen.findByRole('table', { name: 'Debit records' });
    expect(await within(table).findByText('Rs. 1,234,567.00')).toBeTruthy();
    expect(within(table).getByText('Rs. 50.50')).toBeTruthy();
    expect(screen.getByText('120 records')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const first = gateway.calls.find((call) => call.url.startsWith('/api/shipments/invoicedshipments'))!;
    expect(first.url).toBe('/api/shipments/invoicedshipments?sort=invoiceDate&order=desc&page=1&pageSize=50');
  });

  it('with a consignee chosen: their rows only and their summary (opening, total debit, grand total)', async () => {
    gateway.routes['GET /api/consignees/unique'] = () => reply(['Lanka Traders', 'Ceylon Tea Co']);
    gateway.routes['GET /api/shipments/invoicedshipments'] = (call) => {
      const consignee = new URLSearchParams(call.url.split('?')[1]).get('consigneeName');
      const summary = consignee
        ? {
            consignee,
            consignee_id: 'c1',
            openingBalance: '1000.00',
            totalDebit: '1234567.00',
            grandTotal: '1235567.00',
            totalCredit: '25000.50',
            balance: '1210566.50',
          }
        : null;
      return reply({ success: true, results: [anInvoice()], summary, message: '' }, 200, { 'x-total-count': '1' });
    };
    renderAt(RECORDS);
    await screen.findByRole('table', { name: 'Debit records' });
    await screen.findByRole('option', { name: 'Lanka Traders' });
    fireEvent.change(screen.getByLabelText('Consignee'), { target: { value: 'Lanka Traders' } });
    const summary = await screen.findByRole('region', { name: 'Summary of Lanka Traders' });
    for (const text of ['Rs. 1,000.00', 'Rs. 1,234,567.00', 'Rs. 1,235,567.00', 'Rs. 25,000.50', 'Rs. 1,210,566.50'])
      expect(within(summary).getByText(text)).toBeTruthy();
    await waitFor(() => expect(gateway.calls.some((call) => call.url.includes('consigneeName=Lanka+Traders') && call.url.includes('pageSize=50'))).toBe(true));
  });

  it('a slow list says it is loading; a failed one says "Error fetching invoiced shipments."; an empty one "No debit records found."', async () => {
    gateway.routes['GET /api/consignees/unique'] = () => reply([]);
    gateway.routes['GET /api/shipments/invoicedshipments'] = () =>
      later(300, () => reply({ success: true, results: [], summary: null, message: '' }, 200, { 'x-total-count': '0' }));
    renderAt(RECORDS);
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('No debit records found.')).toBeTruthy();
  });

  it('a failed list says "Error fetching invoiced shipments."', async () => {
    gateway.routes['GET /api/consignees/unique'] = () => reply([]);
    gateway.routes['GET /api/shipments/invoicedshipments'] = () => new Response('', { status: 503 });
    renderAt(RECORDS);
    expect(await screen.findByText('Error fetching invoiced shipments.', undefined, { timeout: 8_000 })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
