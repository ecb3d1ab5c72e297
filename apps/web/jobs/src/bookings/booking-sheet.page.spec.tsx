import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { JobTexts } from '@freight/contracts';
import { SEARCH_DEBOUNCE_MS } from '@freight/web-kit';
import { ME, booking, fakeGateway, renderAt, reply } from '../screens.spec.setup.js';

const gateway = fakeGateway();
const list = `/api/shipments/allbooklist/${ME.id}`;
/** The list's calls (the job stream's call aside). */
const listCalls = () => gateway.calls.filter((call) => call.url.startsWith(list));
const lastUrl = () => listCalls().at(-1)?.url;
const rows = () =>
  within(screen.getByRole('table', { name: 'Daily Booking Sheet' }))
    .getAllByRole('row')
    .slice(1);

const first = booking();
const second = booking({
  _id: 'j2',
  jobNo: 'IMP-000043',
  shipperName: null,
  blNo: '',
  Vesselname: '',
  etd: null,
  statusOfShipment: 'Arrived',
  jobStatus: false,
});

describe('the Daily Booking Sheet', () => {
  it('Admin: the active bookings of every assignee, 50 a page, with N/A for what is missing, Arrived and Inactive marked, edit and view', async () => {
    gateway.routes[`GET ${list}`] = () => reply([first, second], 200, { 'X-Total-Count': '120' });
    renderAt('/importbooklist', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Daily Booking Sheet' })).toBeTruthy();
    await screen.findByText('IMP-000043');
    expect(listCalls()[0]!.url).toBe(`/api/shipments/allbooklist/${ME.id}?status=active&direction=Import&page=1&pageSize=50`);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const cells = within(rows()[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'IMP-000043',
      '20/11/2026',
      'Nimal Perera',
      'Harbour Foods',
      'N/A',
      'Shanghai',
      'LCL',
      'FOB',
      'N/A',
      'MSCU1234567',
      'N/A',
      'N/A',
      '10/12/2026',
      'Arrived',
      'Inactive',
      'EditView',
    ]);
    expect(screen.getByRole('link', { name: 'Edit booking IMP-000042' }).getAttribute('href')).toBe('/editbooking/IMP-000042');
    expect(screen.getByRole('link', { name: 'View booking IMP-000043' }).getAttribute('href')).toBe('/viewbooking/IMP-000043');
    // The admin's header links, the dashboard among them.
    const nav = screen.getByRole('navigation', { name: 'Shipment screens' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admindashboard');
    expect(within(nav).getByRole('link', { name: 'Today Job Inquiry' }).getAttribute('href')).toBe('/worklistadmin');
    expect(within(nav).queryByRole('link', { name: 'Accounts Area' })).toBeNull();
  });

  it('a click on a row highlights it, a second click clears it, a click on another moves it', async () => {
    gateway.routes[`GET ${list}`] = () => reply([first, second], 200, { 'X-Total-Count': '2' });
    renderAt('/importbooklist', 'Head');
    await screen.findByText('IMP-000043');
    const [a, b] = rows();
    fireEvent.click(a!);
    expect(a!.getAttribute('data-highlighted')).toBe('true');
    fireEvent.click(b!);
    expect(a!.getAttribute('data-highlighted')).toBeNull();
    expect(b!.getAttribute('data-highlighted')).toBe('true');
    fireEvent.click(b!);
    expect(b!.getAttribute('data-highlighted')).toBeNull();
    // Head's links lead to the accounts too (requirements decisions §2).
    expect(screen.getByRole('link', { name: 'Accounts Area' }).getAttribute('href')).toBe('/admindashboard/accounts');
  });

  it('filters Active / Inactive / All, sorts every column on the server (ascending, then descending) and searches after the typing pauses', async () => {
    gateway.routes[`GET ${list}`] = () => reply([first], 200, { 'X-Total-Count': '1' });
    renderAt('/importbooklist', 'Admin');
    await screen.findByText('IMP-000042');
    fireEvent.change(screen.getByLabelText('Job status'), { target: { value: 'all' } });
    await waitFor(() => expect(lastUrl()).toBe(`/api/shipments/allbooklist/${ME.id}?status=all&direction=Import&page=1&pageSize=50`));
    fireEvent.change(screen.getByLabelText('Job status'), { target: { value: 'inactive' } });
    await waitFor(() => expect(lastUrl()).toContain('status=inactive&'));
    const sortable = screen.getAllByRole('columnheader').filter((header) => header.querySelector('button'));
    expect(sortable.map((header) => header.textContent?.replace(/\s*[↕▲▼]$/, ''))).toEqual([
      'Job No',
      'Date',
      'Assigned To',
      'Consignee',
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
      'Job Status',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /^Vessel/ }));
    await waitFor(() => expect(lastUrl()).toContain('sort=Vesselname&order=asc&page=1'));
    fireEvent.click(screen.getByRole('button', { name: /^Vessel/ }));
    await waitFor(() => expect(lastUrl()).toContain('sort=Vesselname&order=desc&page=1'));
    fireEvent.change(screen.getByLabelText('Search bookings'), { target: { value: ' inactive ' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50)));
    await waitFor(() =>
      expect(lastUrl()).toBe(`/api/shipments/allbooklist/${ME.id}?status=inactive&direction=Import&q=inactive&sort=Vesselname&order=desc&page=1&pageSize=50`),
    );
  });

  it('says "No bookings available." when there is none', async () => {
    gateway.routes[`GET ${list}`] = () => reply([], 200, { 'X-Total-Count': '0' });
    renderAt('/importbooklist', 'Admin');
    expect(await screen.findByText(JobTexts.noBookings)).toBeTruthy();
  });

  it('says "Failed to fetch booking list data" when the list cannot be loaded', async () => {
    gateway.routes[`GET ${list}`] = () => new Response('', { status: 502 });
    renderAt('/importbooklist', 'Admin');
    expect((await screen.findByRole('alert')).textContent).toBe(JobTexts.bookingListFailed);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("Employee: their own Export bookings (the caller's id in the path), the employee's screens and links, no dashboard", async () => {
    gateway.routes[`GET ${list}`] = () => reply([booking({ jobNo: 'EXP-000007', direction: 'Export' })], 200, { 'X-Total-Count': '1' });
    renderAt('/importbooklistemployee?direction=Export', 'Employee');
    await screen.findByText('EXP-000007');
    expect(listCalls()[0]!.url).toBe(`/api/shipments/allbooklist/${ME.id}?status=active&direction=Export&page=1&pageSize=50`);
    expect(screen.getByText('Export jobs')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit booking EXP-000007' }).getAttribute('href')).toBe('/editbookingemployee/EXP-000007');
    expect(screen.getByRole('link', { name: 'View booking EXP-000007' }).getAttribute('href')).toBe('/viewbookingemployee/EXP-000007');
    const nav = screen.getByRole('navigation', { name: 'Shipment screens' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Today Job Inquiry' }).getAttribute('href')).toBe(`/worklistemployee/${ME.id}?direction=Export`);
    expect(within(nav).getByRole('link', { name: 'Weekly Vessel Planning' }).getAttribute('href')).toBe('/managevesselemployee');
  });

  it("an Employee is refused the admin's sheet, with a way back to their own entry", async () => {
    renderAt('/importbooklist', 'Employee');
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(gateway.calls).toEqual([]);
  });
});
