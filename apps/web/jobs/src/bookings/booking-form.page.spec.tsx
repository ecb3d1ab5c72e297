import { fireEvent, screen, waitFor } from '@testing-library/react';
import { JobTexts } from '@freight/contracts';
import { axeProblems } from '@freight/web-kit/testing';
import { booking, fakeGateway, field as input, pick, pickerOptions, renderAt, reply, setField as change, withNameLists } from '../screens.spec.setup.js';

const api = fakeGateway();

/** The gateway: the booking (or `load`'s answer), the pickers' names, and `save`'s answer to the update. */
function gateway({
  load = () => reply({ success: true, results: [booking()] }),
  save = (body: unknown) => reply({ success: true, message: 'ok', shipment: { ...booking(), ...(body as object) } }),
} = {}) {
  withNameLists(api);
  api.otherwise = ({ method, body }, path) => {
    if (path === '/api/shipments/searchbooklist/IMP-000042') return load();
    if (method === 'PUT' && path === '/api/shipments/updatebooking/IMP-000042') return save(body);
    if (path.startsWith('/api/shipments/allbooklist/')) return reply([], 200, { 'X-Total-Count': '0' });
    throw new Error(`unexpected call ${method} ${path}`);
  };
}

describe('Edit Booking', () => {
  it('shows branch, type, term, consignee and origin disabled, saves the rest with the version read, and goes back to the Daily Booking Sheet', async () => {
    gateway();
    const router = renderAt('/editbooking/IMP-000042', 'Admin');
    await screen.findByRole('form', { name: 'Edit booking IMP-000042' });
    expect(screen.getByText('Nimal Perera')).toBeTruthy();
    for (const [label, value] of [
      ['Branch City', 'Colombo'],
      ['Type of Shipment', 'LCL'],
      ['Term of Shipment', 'FOB'],
      ['Consignee', 'Harbour Foods'],
      ['Origin Port', 'Shanghai'],
    ]) {
      expect([label, input(label).value, input(label).disabled]).toEqual([label, value, true]);
    }
    await pick('Original Consignee', 'Lanka Traders');
    change('BL No', ' SHA999 ');
    change('Container No', 'TGHU7654321');
    change('Vessel Name', 'Ever Given');
    change('ETD', '2026-11-25');
    change('ETA', '2026-12-12');
    change('Weight', '2400.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/importbooklist'));
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({
      version: 3,
      notify: 'Lanka Traders',
      shipperName: 'Shanghai Exports',
      forwarderName: null,
      blNo: 'SHA999',
      containerNo: 'TGHU7654321',
      Vesselname: 'Ever Given',
      etd: '2026-11-25',
      eta: '2026-12-12',
      weight: 2400.5,
      cartoons: 120,
      whArrivalDate: null,
      jobStatus: true,
      proceedToProceeding: true,
    });
    expect(await screen.findByText(JobTexts.bookingUpdated)).toBeTruthy();
  });

  it('a booking saved by someone else meanwhile (409): says so clearly, and Reload booking shows their version', async () => {
    let version = 3;
    gateway({
      load: () => reply({ success: true, results: [booking({ version, Vesselname: version > 3 ? 'Their Vessel' : 'MSC Aurora' })] }),
      save: () => reply({ message: JobTexts.changedByOthers, code: 'CONFLICT' }, 409),
    });
    const router = renderAt('/editbookingemployee/IMP-000042', 'Employee');
    await screen.findByRole('form', { name: 'Edit booking IMP-000042' });
    change('Vessel Name', 'My Vessel');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(JobTexts.changedByOthers);
    expect(router.state.location.pathname + router.state.location.search).toBe('/editbookingemployee/IMP-000042');
    version = 4;
    fireEvent.click(screen.getByRole('button', { name: 'Reload booking' }));
    await waitFor(() => expect(input('Vessel Name').value).toBe('Their Vessel'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("puts the server's field errors (400) under their inputs, and checks numbers before sending", async () => {
    gateway({ save: () => reply({ message: 'Invalid booking', code: 'VALIDATION_FAILED', details: { eta: JobTexts.etaBeforeEtd } }, 400) });
    renderAt('/editbooking/IMP-000042', 'Head');
    await screen.findByRole('form', { name: 'Edit booking IMP-000042' });
    change('Cartoons', '-3');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cartoons must not be negative')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    change('Cartoons', '12');
    change('ETA', '2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(JobTexts.etaBeforeEtd)).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(`${JobTexts.bookingUpdateFailed}: Invalid booking`);
  });

  it('leaving Booking Confirmed takes Proceed to Proceeding away and sends it unticked', async () => {
    gateway();
    renderAt('/editbooking/IMP-000042', 'Admin');
    await screen.findByRole('form', { name: 'Edit booking IMP-000042' });
    expect((screen.getByRole('checkbox', { name: 'Proceed to Proceeding' }) as HTMLInputElement).checked).toBe(true);
    change('Shipment Status', 'Consignee Response');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Proceed to Proceeding' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ ShipmentStatus: 'Consignee Response', proceedToProceeding: false }),
    );
  });

  it('"Booking not found" for an unknown job number', async () => {
    gateway({ load: () => reply({ message: 'Job not found', code: 'NOT_FOUND' }, 404) });
    renderAt('/editbooking/IMP-000042', 'Admin');
    expect((await screen.findByRole('alert')).textContent).toBe(JobTexts.bookingNotFound);
  });

  it('"Error fetching booking data" when the booking cannot be loaded', async () => {
    gateway({ load: () => new Response('', { status: 500 }) });
    renderAt('/editbooking/IMP-000042', 'Admin');
    expect((await screen.findByRole('alert')).textContent).toBe(JobTexts.bookingFetchError);
  });

  it("shows the booking's own notify consignee, not the first name of the list, and saving untouched keeps it", async () => {
    gateway({ load: () => reply({ success: true, results: [booking({ notify: { _id: 'c3', consigneeName: 'Lanka Traders' } })] }) });
    renderAt('/editbooking/IMP-000042', 'Admin');
    await screen.findByRole('form', { name: 'Edit booking IMP-000042' });
    const notify = input('Original Consignee');
    expect(notify.value).toBe('Lanka Traders');
    // Opened, the list starts with other names; the field still shows the booking's own.
    fireEvent.click(notify);
    expect((await pickerOptions('Original Consignee (Notify)')).map((option) => option.textContent)).toEqual([
      'Ceylon Tea Co',
      'Harbour Foods',
      'Lanka Traders',
    ]);
    expect(notify.value).toBe('Lanka Traders');
    expect(await axeProblems()).toEqual([]);
    fireEvent.blur(notify);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ notify: 'Lanka Traders', shipperName: 'Shanghai Exports' }),
    );
  });

  it('clearing a picker saves no name; a list that cannot be loaded says so in the picker and keeps the saved name', async () => {
    gateway();
    api.routes['GET /api/shippers/all'] = () => new Response('', { status: 503 });
    renderAt('/editbooking/IMP-000042', 'Admin');
    await screen.findByRole('form', { name: 'Edit booking IMP-000042' });
    fireEvent.click(input('Shipper'));
    expect(await screen.findByText('Could not load the names; try again.')).toBeTruthy();
    fireEvent.blur(input('Shipper'));
    expect(input('Shipper').value).toBe('Shanghai Exports');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Shipper' }));
    expect(input('Shipper').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ shipperName: null }));
  });
});
