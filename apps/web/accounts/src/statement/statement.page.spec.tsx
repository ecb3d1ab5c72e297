import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Receivables, Statement } from '@freight/contracts';
import { aStatement as aConsigneeStatement, axeProblems, fakeGateway, renderAt, reply } from '../screens.spec.setup.js';

const gateway = fakeGateway();
const undo: (() => void)[] = [];
const afterTest = (step: () => void) => undo.push(step);
afterEach(() => undo.splice(0).forEach((step) => step()));
const ACME = '0b5a2a4e-1c1f-4b7e-9d55-2f0a8d3c9e11';
const STATEMENT = '/admindashboard/accounts/statement';

const aStatement = (changes: Partial<Statement> = {}) => aConsigneeStatement({ _id: ACME, consigneeName: 'Acme Traders' }, changes);

function consigneesFake() {
  gateway.routes['GET /api/consignees/all'] = () => reply([{ consignee_id: ACME, consigneeName: 'Acme Traders' }], 200, { 'X-Total-Count': '1' });
}

describe('Statement of Account', () => {
  it('asks for a consignee and a period, then shows the figures and every line with its running balance, in Rs.', async () => {
    consigneesFake();
    gateway.routes[`GET /api/accounts/statement/${ACME}`] = () => reply(aStatement());
    const router = renderAt(STATEMENT);
    expect(await screen.findByRole('heading', { name: 'Statement of Account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Statement' }));
    expect(await screen.findByText('Choose a consignee')).toBeTruthy();
    expect(gateway.calls.some((call) => call.url.startsWith('/api/accounts'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Find consignee'), { target: { value: 'acme' } });
    await waitFor(() => expect(gateway.calls.some((c) => c.url.startsWith('/api/consignees/all') && c.url.includes('q=acme'))).toBe(true));
    await screen.findByRole('option', { name: 'Acme Traders' });
    fireEvent.change(screen.getByLabelText('Consignee'), { target: { value: ACME } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show Statement' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?consignee=${ACME}&from=2026-01-01&to=2026-03-31&page=1`));
    const table = await screen.findByRole('table', { name: 'Statement lines, page 1 of 1' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['10/01/2026', 'Invoice', 'IMP-000001', 'Invoice INV-1', 'Rs. 1,234,567.50', '', 'Rs. 1,235,567.50'],
      ['20/02/2026', 'Payment', '17', 'Cheque CHQ-771', '', 'Rs. 500.00', 'Rs. 1,235,067.50'],
    ]);
    expect(screen.getByText('Closing balance').nextSibling?.textContent).toBe('Rs. 1,235,067.50');
    expect(screen.getByText('Opening balance').nextSibling?.textContent).toBe('Rs. 1,000.00');
    const call = gateway.calls.find((c) => c.url.startsWith(`/api/accounts/statement/${ACME}`))!;
    expect(new URL(call.url, 'http://x').searchParams.toString()).toBe('from=2026-01-01&to=2026-03-31&page=1&pageSize=50');
    expect(await axeProblems()).toEqual([]);
  });

  it('refuses a period that ends before it starts, without calling the server', async () => {
    consigneesFake();
    gateway.routes[`GET /api/accounts/statement/${ACME}`] = () => reply(aStatement());
    renderAt(`${STATEMENT}?consignee=${ACME}&from=2026-01-01&to=2026-03-31`);
    await screen.findByRole('table');
    const before = gateway.calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show Statement' }));
    expect(await screen.findByText('To must not be before From')).toBeTruthy();
    expect(gateway.calls.slice(before).some((c) => c.url.startsWith('/api/accounts'))).toBe(false);
  });

  it('pages on the server, 50 lines a page', async () => {
    consigneesFake();
    gateway.routes[`GET /api/accounts/statement/${ACME}`] = (call) => {
      const page = new URL(call.url, 'http://x').searchParams.get('page');
      return reply(aStatement({ lineCount: 120, lines: [{ ...aStatement().lines[0]!, reference: `IMP-page-${page}` }] }));
    };
    renderAt(`${STATEMENT}?consignee=${ACME}&from=2026-01-01&to=2026-03-31`);
    expect(await screen.findByText('IMP-page-1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('IMP-page-2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('IMP-page-3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('table', { name: 'Statement lines, page 3 of 3' })).toBeTruthy();
  });

  it('a period without lines says so; a refusal shows the server’s words', async () => {
    consigneesFake();
    gateway.routes[`GET /api/accounts/statement/${ACME}`] = () => reply(aStatement({ lineCount: 0, lines: [] }));
    renderAt(`${STATEMENT}?consignee=${ACME}&from=2026-01-01&to=2026-03-31`);
    expect(await screen.findByText('No invoices or payments in this period.')).toBeTruthy();
  });

  it('an unknown consignee shows the server’s message', async () => {
    consigneesFake();
    gateway.routes[`GET /api/accounts/statement/${ACME}`] = () => reply({ message: 'Consignee not found.', code: 'NOT_FOUND' }, 404);
    renderAt(`${STATEMENT}?consignee=${ACME}&from=2026-01-01&to=2026-03-31`);
    expect(await screen.findByText('Consignee not found.')).toBeTruthy();
  });

  it("switches to the Head's ledger view and back: in the address, the call and the CSV; the PDF stays the consignee's statement", async () => {
    consigneesFake();
    gateway.routes[`GET /api/accounts/statement/${ACME}`] = (call) => {
      const ledger = new URL(call.url, 'http://x').searchParams.get('view') === 'ledger';
      return reply(aStatement(ledger ? { lines: [{ ...aStatement().lines[0]!, kind: 'invoice replaced', details: 'Invoice INV-1B, now Rs. 2,000.00' }] } : {}));
    };
    gateway.routes[`GET /api/accounts/statement/${ACME}/export.csv`] = () => new Response('"Date"\r\n', { headers: { 'content-type': 'text/csv' } });
    gateway.routes[`GET /api/accounts/statement/${ACME}/statement.pdf`] = () => new Response('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } });
    URL.createObjectURL = () => 'blob:statement';
    URL.revokeObjectURL = () => {};
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = () => {};
    afterTest(() => (HTMLAnchorElement.prototype.click = click));
    const router = renderAt(`${STATEMENT}?consignee=${ACME}&from=2026-01-01&to=2026-03-31`);
    expect(await screen.findByText('Invoice INV-1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Statement' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Ledger (every correction)' }));
    expect(await screen.findByText('Invoice INV-1B, now Rs. 2,000.00')).toBeTruthy();
    expect(router.state.location.search).toBe(`?consignee=${ACME}&from=2026-01-01&to=2026-03-31&page=1&view=ledger`);
    expect(screen.getByRole('button', { name: 'Ledger (every correction)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(gateway.calls.filter((c) => /export\.csv|statement\.pdf/.test(c.url))).toHaveLength(2));
    expect(gateway.calls.filter((c) => c.url.startsWith(`/api/accounts/statement/${ACME}`)).map((c) => c.url)).toEqual([
      `/api/accounts/statement/${ACME}?from=2026-01-01&to=2026-03-31&page=1&pageSize=50`,
      `/api/accounts/statement/${ACME}?from=2026-01-01&to=2026-03-31&page=1&pageSize=50&view=ledger`,
      `/api/accounts/statement/${ACME}/export.csv?from=2026-01-01&to=2026-03-31&view=ledger`,
      `/api/accounts/statement/${ACME}/statement.pdf?from=2026-01-01&to=2026-03-31`,
    ]);
    // The downloads are over before the view changes again.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Download/ }).filter((button) => button.hasAttribute('data-loading'))).toEqual([]));
    fireEvent.click(screen.getByRole('button', { name: 'Statement' }));
    expect(await screen.findByText('Invoice INV-1')).toBeTruthy();
    expect(router.state.location.search).toBe(`?consignee=${ACME}&from=2026-01-01&to=2026-03-31&page=1`);
    expect(await axeProblems()).toEqual([]);
  });

  it('downloads the CSV and the PDF of the period shown, under the server’s file names', async () => {
    consigneesFake();
    gateway.routes[`GET /api/accounts/statement/${ACME}`] = () => reply(aStatement());
    gateway.routes[`GET /api/accounts/statement/${ACME}/export.csv`] = () =>
      new Response('"Date"\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="s.csv"' } });
    gateway.routes[`GET /api/accounts/statement/${ACME}/statement.pdf`] = () =>
      new Response('%PDF-1.3', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="s.pdf"' } });
    URL.createObjectURL = () => 'blob:statement';
    URL.revokeObjectURL = () => {};
    // jsdom cannot follow the download link; which files were asked for is what counts here.
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    afterTest(() => (HTMLAnchorElement.prototype.click = click));
    renderAt(`${STATEMENT}?consignee=${ACME}&from=2026-01-01&to=2026-03-31`);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(gateway.calls.filter((c) => /export\.csv|statement\.pdf/.test(c.url))).toHaveLength(2));
    expect(gateway.calls.filter((c) => /export\.csv|statement\.pdf/.test(c.url)).map((c) => c.url)).toEqual([
      `/api/accounts/statement/${ACME}/export.csv?from=2026-01-01&to=2026-03-31`,
      `/api/accounts/statement/${ACME}/statement.pdf?from=2026-01-01&to=2026-03-31`,
    ]);
    await waitFor(() => expect(saved.sort()).toEqual(['s.csv', 's.pdf']));
  });
});

describe('Receivables at a glance (on the hub)', () => {
  const receivables: Receivables = {
    success: true,
    totalOwed: '1235067.50',
    consigneesOwing: 2,
    top: [
      { consignee_id: ACME, consigneeName: 'Acme Traders', balance: '1234567.50' },
      { consignee_id: '1b5a2a4e-1c1f-4b7e-9d55-2f0a8d3c9e11', consigneeName: 'Bolt Imports', balance: '500.00' },
    ],
    months: Array.from({ length: 12 }, (_, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      invoiced: i === 10 ? '2500.50' : '0.00',
      credited: '0.00',
    })),
  };

  it('shows the total owed, the top consignees (each a link to their statement) and the months, exact, as tables beside the charts', async () => {
    gateway.routes['GET /api/accounts/receivables'] = () => reply(receivables);
    renderAt('/admindashboard/accounts');
    expect(await screen.findByText('Rs. 1,235,067.50')).toBeTruthy();
    const top = await screen.findByRole('table', { name: 'Top 2 consignees by balance' });
    expect(within(top).getByRole('link', { name: 'Acme Traders' }).getAttribute('href')).toBe(`${STATEMENT}?consignee=${ACME}`);
    expect(within(top).getByText('Rs. 1,234,567.50')).toBeTruthy();
    const months = screen.getByRole('table', { name: 'Invoiced and paid per month' });
    expect(within(months).getAllByRole('row')).toHaveLength(13);
    expect(within(months).getByText('Nov 2026').parentElement?.textContent).toBe('Nov 2026Rs. 2,500.50Rs. 0.00');
    expect(await screen.findByRole('figure', { name: /invoiced and paid per month/ })).toBeTruthy();
    expect(await axeProblems()).toEqual([]);
  });

  it('a failure shows a notice and leaves the tiles working', async () => {
    gateway.routes['GET /api/accounts/receivables'] = () => reply({ message: 'The accounts service is not available.', code: 'SERVICE_UNAVAILABLE' }, 503);
    renderAt('/admindashboard/accounts');
    expect(await screen.findByText('The accounts service is not available.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Debit Payments' })).toBeTruthy();
  });
});
