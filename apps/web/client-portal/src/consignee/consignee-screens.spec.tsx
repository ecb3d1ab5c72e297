import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Statement } from '@freight/contracts';
import { CLIENT, aClientBooking, aStatement, axeProblems, fakeGateway, renderAt, reply } from '../screens.spec.setup.js';

const gateway = fakeGateway();
const BOOKINGS = `GET /api/shipments/allbooklistconsignee/${CLIENT.username}`;

function sheetFakes({ announcements = [] as string[] } = {}) {
  gateway.routes['GET /api/clientnews/active'] = () => reply([{ _id: 'n1', news: 'Vessel delays this week', isActive: true }]);
  gateway.routes[`GET /api/consigneeanc/active/${CLIENT.username}`] = () =>
    reply({
      data: announcements.map((text, i) => ({
        _id: `a${i}`,
        annoucment_id: i + 1,
        annoucment: text,
        consignee: { _id: CLIENT.id, consigneeName: CLIENT.fullName },
        isActive: true,
      })),
    });
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[↕▲▼]/g, '').trim());
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('Ocean Visibility (/consigneeshipmentview)', () => {
  it("lists the consignee's own bookings, 50 a page from the server, without assignee, consignee and job status", async () => {
    sheetFakes({ announcements: ['Collect your DO before Friday'] });
    gateway.routes[BOOKINGS] = () =>
      reply(
        [aClientBooking({ statusOfShipment: 'Arrived', blNo: 'BL-77', etd: '2026-11-02', shipperName: { _id: 's1', shipperName: 'Shenzhen Exports' } })],
        200,
        {
          'X-Total-Count': '51',
        },
      );
    renderAt('/consigneeshipmentview');
    expect(await screen.findByRole('heading', { name: 'Ocean Visibility' })).toBeTruthy();
    expect(await screen.findByText('BL-77')).toBeTruthy();
    expect(headers()).toEqual([
      'Job No',
      'Date',
      'Shipper',
      'Origin Port',
      'Type',
      'Term',
      'B/L No',
      'Container No',
      'Vessel',
      'ETD',
      'ETA',
      'Status of Shipment',
      'Actions',
    ]);
    const row = screen.getByText('BL-77').closest('tr')!;
    expect(within(row).getByText('Shenzhen Exports')).toBeTruthy();
    expect(within(row).getByText('02/11/2026')).toBeTruthy();
    expect(within(row).getByText('Arrived')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View booking IMP-000001' }).getAttribute('href')).toBe('/viewbookingconsignee/IMP-000001');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(query(gateway.calls.find((c) => c.url.includes('allbooklistconsignee'))!.url)).toEqual({ page: '1', pageSize: '50' });
    expect(await screen.findByText('Collect your DO before Friday')).toBeTruthy();
    expect(await screen.findByText('Vessel delays this week')).toBeTruthy();
    for (const link of ['Ocean Visibility', 'Vessel Voyages', 'Overseas Offices', 'Accounts Area'])
      expect(screen.getByRole('link', { name: link })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ocean Visibility' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Ocean Visibility' }).style.textDecoration).toBe('underline');
    expect(screen.getByRole('link', { name: 'Accounts Area' }).style.textDecoration).toBe('none');
    expect(screen.getByText(CLIENT.fullName)).toBeTruthy();
    expect(await axeProblems()).toEqual([]);
  });

  it('searches and sorts on the server', async () => {
    sheetFakes();
    gateway.routes[BOOKINGS] = () => reply([aClientBooking()], 200, { 'X-Total-Count': '1' });
    renderAt('/consigneeshipmentview');
    await screen.findByText('IMP-000001');
    fireEvent.change(screen.getByLabelText('Search bookings'), { target: { value: 'BL-9' } });
    await waitFor(() => expect(gateway.calls.some((c) => c.url.includes('allbooklistconsignee') && query(c.url).q === 'BL-9')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /ETA/ }));
    await waitFor(() =>
      expect(gateway.calls.some((c) => c.url.includes('allbooklistconsignee') && query(c.url).sort === 'eta' && query(c.url).order === 'asc')).toBe(true),
    );
  });

  it('says "No active announcements." and "No bookings available." when there are none', async () => {
    sheetFakes();
    gateway.routes[BOOKINGS] = () => reply([], 200, { 'X-Total-Count': '0' });
    renderAt('/consigneeshipmentview');
    expect(await screen.findByText('No active announcements.')).toBeTruthy();
    expect(await screen.findByText('No bookings available.')).toBeTruthy();
    expect(await axeProblems()).toEqual([]);
  });

  it('shows "Failed to fetch booking list data" instead of the table; failed news and announcements read as none', async () => {
    gateway.routes[BOOKINGS] = () => reply({}, 500);
    renderAt('/consigneeshipmentview');
    expect(await screen.findByText('Failed to fetch booking list data')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(await screen.findByText('No active announcements.')).toBeTruthy();
    expect(await screen.findByText('No news available')).toBeTruthy();
  });
});

describe("the consignee's booking (/viewbookingconsignee/{jobNo})", () => {
  const CLIENTBOOKING = 'GET /api/shipments/clientbooking/IMP-000001';

  it('shows the booking read-only with its status timeline and Track & Trace back to the sheet', async () => {
    gateway.routes[CLIENTBOOKING] = () =>
      reply({
        success: true,
        results: [aClientBooking({ weight: 1200, cbm: 0, containerNo: 'TGHU1234567', Vesselname: '', eta: '2026-12-01' })],
        history: [
          { status: 'Process', date: '2026-11-20T08:00:00.000Z' },
          { status: 'Transit', date: '2026-11-25T08:00:00.000Z' },
        ],
      });
    renderAt('/viewbookingconsignee/IMP-000001');
    expect(await screen.findByText('TGHU1234567')).toBeTruthy();
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling?.textContent;
    expect(fact('Weight')).toBe('1200 kg');
    expect(fact('CBM')).toBe('0');
    expect(fact('Vessel Name')).toBe('N/A');
    expect(fact('ETA')).toBe('01/12/2026');
    expect(screen.queryByText('Personal Information')).toBeNull();
    expect(screen.queryByText('Invoice Amount')).toBeNull();
    const timeline = screen.getByRole('region', { name: 'Status timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Process 20/11/2026', 'Transit 25/11/2026']);
    expect(screen.getByRole('link', { name: 'Track & Trace' }).getAttribute('href')).toBe('/consigneeshipmentview');
    expect(await axeProblems()).toEqual([]);
  });

  it('says "Booking not found" on 404', async () => {
    gateway.routes[CLIENTBOOKING] = () => reply({ message: 'Booking not found', code: 'NOT_FOUND' }, 404);
    renderAt('/viewbookingconsignee/IMP-000001');
    expect(await screen.findByText('Booking not found')).toBeTruthy();
  });

  it("shows the gateway's refusal of another client's booking", async () => {
    gateway.routes['GET /api/shipments/clientbooking/IMP-000002'] = () =>
      reply({ message: 'This booking is not yours: you can only see your own bookings.', code: 'FORBIDDEN' }, 403);
    renderAt('/viewbookingconsignee/IMP-000002');
    expect(await screen.findByText('This booking is not yours: you can only see your own bookings.')).toBeTruthy();
  });

  it('says "Error fetching booking data" when the server cannot be reached', async () => {
    gateway.routes[CLIENTBOOKING] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderAt('/viewbookingconsignee/IMP-000001');
    expect(await screen.findByText('Error fetching booking data')).toBeTruthy();
  });
});

describe('vessel voyages and overseas offices, read-only', () => {
  it.each([
    ['/viewvesselconsignee', 'vessels', 'Weekly Vessel Planning', 'Error fetching vessels', 'No vessels found.'],
    ['/viewagentconsignee', 'agents', 'Overseas Offices Detail', 'Error fetching agents', 'No agents found.'],
  ])('%s lists %s numbered, searched by origin on the server; empty and failing', async (path, kind, title, failure, empty) => {
    gateway.routes[`GET /api/${kind}/all`] = (call) =>
      query(call.url).q === 'none'
        ? reply([], 200, { 'X-Total-Count': '0' })
        : reply([{ origin: 'Shanghai', details: 'Weekly, Tuesdays' }], 200, { 'X-Total-Count': '1' });
    renderAt(path);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    const row = (await screen.findByText('Shanghai')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', 'Shanghai', 'Weekly, Tuesdays']);
    expect(screen.queryByRole('button', { name: /Edit|Delete|Add/ })).toBeNull();
    expect(await axeProblems()).toEqual([]);
    fireEvent.change(screen.getByLabelText('Search by origin'), { target: { value: 'none' } });
    expect(await screen.findByText(empty)).toBeTruthy();
    gateway.routes[`GET /api/${kind}/all`] = () => reply({}, 500);
    fireEvent.change(screen.getByLabelText('Search by origin'), { target: { value: 'x' } });
    expect(await screen.findByText(failure)).toBeTruthy();
  });
});

describe("Accounts Area (/consigneeaccounts): the consignee's own statement", () => {
  const statement = (changes: Partial<Statement> = {}) => aStatement({ _id: CLIENT.id, consigneeName: CLIENT.fullName }, changes);
  const balanceFake = () =>
    (gateway.routes[`GET /api/accounts/balance/${CLIENT.id}`] = () =>
      reply({
        success: true,
        balance: {
          consignee_id: CLIENT.id,
          consigneeName: CLIENT.fullName,
          openingBalance: '1000.00',
          totalDebit: '1234567.50',
          totalCredit: '500.00',
          balance: '1235067.50',
          updatedAt: '2026-03-31T00:00:00.000Z',
        },
      }));

  it('shows the balance owed and the statement by their own id, with the running balance in Rs.; the PDF comes with the token', async () => {
    balanceFake();
    gateway.routes[`GET /api/accounts/statement/${CLIENT.id}`] = () => reply(statement());
    gateway.routes[`GET /api/accounts/statement/${CLIENT.id}/statement.pdf`] = () =>
      new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="statement.pdf"' } });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    renderAt('/consigneeaccounts?from=2026-01-01&to=2026-03-31');
    expect(await screen.findByRole('heading', { name: 'Accounts Area' })).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Balance owed' })).findByText('Rs. 1,235,067.50')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Statement lines, page 1 of 1' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        within(tr)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(rows).toEqual([
      ['10/01/2026', 'Invoice', 'IMP-000001', 'Invoice INV-1', 'Rs. 1,234,567.50', '', 'Rs. 1,235,567.50'],
      ['20/02/2026', 'Payment', '17', 'Cheque CHQ-771', '', 'Rs. 500.00', 'Rs. 1,235,067.50'],
    ]);
    expect(query(gateway.calls.find((c) => c.url.startsWith(`/api/accounts/statement/${CLIENT.id}?`))!.url)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      page: '1',
      pageSize: '50',
    });
    expect(await axeProblems()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(gateway.calls.some((c) => c.url === `/api/accounts/statement/${CLIENT.id}/statement.pdf?from=2026-01-01&to=2026-03-31`)).toBe(true),
    );
    const pdf = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls.find(([url]) =>
      String(url).includes('statement.pdf'),
    )!;
    expect((pdf[1].headers as Record<string, string>).Authorization).toBe('Bearer ct');
  });

  it('pages the lines on the server and refuses a period that ends before it starts', async () => {
    balanceFake();
    gateway.routes[`GET /api/accounts/statement/${CLIENT.id}`] = () => reply(statement({ lineCount: 120 }));
    const router = renderAt('/consigneeaccounts?from=2026-01-01&to=2026-03-31');
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-01-01&to=2026-03-31&page=2'));
    await waitFor(() => expect(gateway.calls.some((c) => c.url.includes('page=2'))).toBe(true));
    const before = gateway.calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show Statement' }));
    expect(await screen.findByText('To must not be before From')).toBeTruthy();
    expect(gateway.calls.slice(before).some((c) => c.url.startsWith('/api/accounts'))).toBe(false);
  });

  it('says so when the statement, the balance or the PDF cannot be had; an empty period says so too', async () => {
    gateway.routes[`GET /api/accounts/balance/${CLIENT.id}`] = () => reply({}, 500);
    gateway.routes[`GET /api/accounts/statement/${CLIENT.id}`] = () => reply(statement({ lineCount: 0, lines: [] }));
    gateway.routes[`GET /api/accounts/statement/${CLIENT.id}/statement.pdf`] = () => reply({}, 502);
    renderAt('/consigneeaccounts');
    expect(await screen.findByText('The balance could not be loaded. Please try again.')).toBeTruthy();
    expect(await screen.findByText('No invoices or payments in this period.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The statement could not be downloaded. Please try again.')).toBeTruthy();
  });

  it('shows the failure instead of the statement', async () => {
    balanceFake();
    gateway.routes[`GET /api/accounts/statement/${CLIENT.id}`] = () => reply({}, 500);
    renderAt('/consigneeaccounts');
    expect(await screen.findByText('The statement could not be loaded. Please try again.')).toBeTruthy();
  });
});
