import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CLIENT, aClientBooking, axeProblems, fakeGateway, renderAt, reply } from '../screens.spec.setup.js';

const gateway = fakeGateway();
const BOOKINGS = `GET /api/shipments/allbooklistshipper/${CLIENT.username}`;
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('the shipper (/shippershipmentview, /viewbookingshipper/{jobNo})', () => {
  it('lists their own bookings read-only with search and pages of 50, and a Log Out', async () => {
    gateway.routes[BOOKINGS] = () => reply([aClientBooking({ jobNo: 'IMP-000005', blNo: 'BL-5' })], 200, { 'X-Total-Count': '1' });
    renderAt('/shippershipmentview', 'shipper');
    expect(await screen.findByRole('heading', { name: 'Shipper Bookings' })).toBeTruthy();
    const row = (await screen.findByText('BL-5')).closest('tr')!;
    expect(within(row).getByText('Lanka Traders')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View booking IMP-000005' }).getAttribute('href')).toBe('/viewbookingshipper/IMP-000005');
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Accounts Area' })).toBeNull();
    expect(query(gateway.calls.find((c) => c.url.includes('allbooklistshipper'))!.url)).toEqual({ page: '1', pageSize: '50' });
    expect(await axeProblems()).toEqual([]);
    fireEvent.change(screen.getByLabelText('Search bookings'), { target: { value: 'BL-5' } });
    await waitFor(() => expect(gateway.calls.some((c) => c.url.includes('allbooklistshipper') && query(c.url).q === 'BL-5')).toBe(true));
  });

  it('says "No bookings available." when none, and "Failed to fetch booking list data" on failure', async () => {
    gateway.routes[BOOKINGS] = () => reply([], 200, { 'X-Total-Count': '0' });
    renderAt('/shippershipmentview', 'shipper');
    expect(await screen.findByText('No bookings available.')).toBeTruthy();
    gateway.routes[BOOKINGS] = () => reply({}, 503);
    fireEvent.change(screen.getByLabelText('Search bookings'), { target: { value: 'x' } });
    expect(await screen.findByText('Failed to fetch booking list data')).toBeTruthy();
  });

  it("shows the booking as requirements 02's read-only table, and a button back", async () => {
    gateway.routes['GET /api/shipments/clientbooking/IMP-000005'] = () =>
      reply({ success: true, results: [aClientBooking({ jobNo: 'IMP-000005', jobStatus: false, cartoons: 12, remarks: '' })], history: [] });
    renderAt('/viewbookingshipper/IMP-000005', 'shipper');
    const table = await screen.findByRole('table', { name: 'Booking IMP-000005' });
    const rows = Object.fromEntries(
      within(table)
        .getAllByRole('row')
        .map((tr) => [within(tr).getByRole('rowheader').textContent, within(tr).getByRole('cell').textContent]),
    );
    expect(Object.keys(rows)).toEqual([
      'Assigned To',
      'Consignee',
      'Shipper',
      'Forwarder',
      'Origin Port',
      'Yard',
      'Branch City',
      'Shipment Type',
      'Shipment Term',
      'Shipment Status',
      'Status of Shipment',
      'Date',
      'Cartoons',
      'CBM',
      'Weight',
      'BL No',
      'Container No',
      'Vessel Name',
      'Warehouse Arrival',
      'ETD',
      'ETA',
      'Booking No',
      'DO Issue',
      'De-stuff',
      'Job Status',
      'Remarks',
    ]);
    expect(rows).toMatchObject({ 'Job Status': 'Inactive', Cartoons: '12', Weight: '0 kg', Remarks: 'N/A', Shipper: 'N/A', Date: '20/11/2026' });
    expect(screen.getByRole('link', { name: 'Back to Shipper Bookings' }).getAttribute('href')).toBe('/shippershipmentview');
    expect(await axeProblems()).toEqual([]);
  });

  it('says "Booking not found" for a job that is no booking of theirs to see', async () => {
    gateway.routes['GET /api/shipments/clientbooking/IMP-9'] = () => reply({ message: 'Booking not found', code: 'NOT_FOUND' }, 404);
    renderAt('/viewbookingshipper/IMP-9', 'shipper');
    expect(await screen.findByText('Booking not found')).toBeTruthy();
  });

  it('a consignee on a shipper screen is sent to /clientlogin', async () => {
    const router = renderAt('/shippershipmentview', 'consignee');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientlogin'));
    expect(gateway.calls.some((c) => c.url.includes('allbooklistshipper'))).toBe(false);
  });
});
