import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '@freight/web-kit';
import { axeProblems } from '@freight/web-kit/testing';
import { ME, aJob, fakeGateway, field as label, pick, pickerOptions, renderAt, reply, setField as choose, withNameLists } from '../screens.spec.setup.js';

const gateway = fakeGateway();
const worklistPath = `/api/shipments/allworklist/${ME.id}`;
const lastCall = (prefix: string) => gateway.calls.filter((call) => call.url.startsWith(prefix)).at(-1);

describe('Today Job Inquiry', () => {
  it('pages, sorts and searches on the server: date ascending first, the Date button toggles, Previous/Next with "Page X of Y"', async () => {
    gateway.routes[`GET ${worklistPath}`] = () =>
      reply([aJob(), aJob({ _id: 'j2', jobNo: 'IMP-000002', date: '2026-11-21' })], 200, { 'X-Total-Count': '120' });
    renderAt('/worklistadmin', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Today Job Inquiry' })).toBeTruthy();
    expect(await screen.findByText('IMP-000002')).toBeTruthy();
    expect(lastCall(worklistPath)?.url).toBe(`${worklistPath}?direction=Import&sort=date&order=asc&page=1&pageSize=50`);
    expect(screen.getByText('20/11/2026')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastCall(worklistPath)?.url).toContain('page=2'));
    fireEvent.click(screen.getByRole('button', { name: 'Date: oldest first' }));
    await waitFor(() => expect(lastCall(worklistPath)?.url).toBe(`${worklistPath}?direction=Import&sort=date&order=desc&page=1&pageSize=50`));
    fireEvent.change(screen.getByLabelText('Search jobs'), { target: { value: 'lanka' } });
    await waitFor(() => expect(lastCall(worklistPath)?.url).toContain('q=lanka'));
  });

  it('highlights a clicked row, clears it on a second click; rows lead to edit and view; Add New Job for Head and Admin', async () => {
    gateway.routes[`GET ${worklistPath}`] = () => reply([aJob()], 200, { 'X-Total-Count': '1' });
    renderAt('/worklistadmin?direction=Export', 'Head');
    const cell = await screen.findByText('IMP-000001');
    const row = cell.closest('tr')!;
    fireEvent.click(cell);
    expect(row.getAttribute('data-highlighted')).toBe('true');
    fireEvent.click(cell);
    expect(row.getAttribute('data-highlighted')).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit job IMP-000001' }).getAttribute('href')).toBe('/editjobadmin/IMP-000001?direction=Export');
    expect(screen.getByRole('link', { name: 'View job IMP-000001' }).getAttribute('href')).toBe('/viewjobadmin/IMP-000001?direction=Export');
    expect(screen.getByRole('link', { name: 'Add New Job' }).getAttribute('href')).toBe('/addjobadmin?direction=Export');
    // The way to the booking sheet of the same direction, as the sheet's own header links have it.
    const links = screen.getByRole('navigation', { name: 'Shipment screens' });
    expect(within(links).getByRole('link', { name: 'Daily Booking Sheet' }).getAttribute('href')).toBe('/importbooklist?direction=Export');
    expect(lastCall(worklistPath)?.url).toContain('direction=Export');
    // The clock and the signed-in name head the list.
    expect(screen.getByText(ME.fullName, { selector: 'p' })).toBeTruthy();
    expect(screen.getByText(/^\d{2}\/\d{2}\/\d{4} – \w+day – \d{2}:\d{2}$/)).toBeTruthy();
  });

  it("an employee's worklist asks with the id of the address, and says when there is nothing", async () => {
    gateway.routes[`GET ${worklistPath}`] = () => reply([], 200, { 'X-Total-Count': '0' });
    renderAt(`/worklistemployee/${ME.id}`, 'Employee');
    expect(await screen.findByText('No worklist data available')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add New Job' }).getAttribute('href')).toBe(`/addjobemployee/${ME.id}`);
  });

  it("shows a colleague's change without a reload: a job event on the stream reloads the page shown", async () => {
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    gateway.routes['GET /api/shipments/live'] = () =>
      new Response(new ReadableStream({ start: (controller) => void (stream = controller) }), { headers: { 'content-type': 'text/event-stream' } });
    let status = 'Inquiry For Charges';
    gateway.routes[`GET ${worklistPath}`] = () => reply([aJob({ ShipmentStatus: status as 'Inquiry For Charges' })], 200, { 'X-Total-Count': '1' });
    renderAt('/worklistadmin', 'Admin');
    expect(await screen.findByText('Inquiry For Charges')).toBeTruthy();
    status = 'Consignee Response';
    stream.enqueue(new TextEncoder().encode('event: job\ndata: {"change":"updated","jobNo":"IMP-000001"}\n\n'));
    expect(await screen.findByText('Consignee Response', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('a failed load says "Failed to fetch worklist data"', async () => {
    gateway.routes[`GET ${worklistPath}`] = () => new Response('', { status: 502 });
    renderAt('/worklistadmin', 'Admin');
    expect(await screen.findByText('Failed to fetch worklist data')).toBeTruthy();
  });
});

describe('Add job', () => {
  it('Admin chooses the assignee; the job goes to adminadd and the screen back to the worklist', async () => {
    withNameLists(gateway);
    gateway.routes['POST /api/shipments/adminadd'] = () => reply({ success: true, message: 'Shipment added successfully!', shipment: aJob() }, 201);
    gateway.routes[`GET ${worklistPath}`] = () => reply([aJob()], 200, { 'X-Total-Count': '1' });
    const router = renderAt('/addjobadmin', 'Admin');
    await screen.findByRole('heading', { name: 'Add Import Job' });
    await pick('User Name', 'Nimal Perera');
    await pick('Branch City', 'Kandy');
    await pick('Consignee Name', 'Lanka Traders');
    await pick('Origin Port', 'Shanghai');
    await pick('Type of Shipment', 'LCL');
    await pick('Term of Shipment', 'FOB');
    choose('Shipment Status', 'Consignee Response');
    fireEvent.click(screen.getByRole('button', { name: 'Add Job' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worklistadmin'));
    expect(lastCall('/api/shipments/adminadd')?.body).toMatchObject({
      direction: 'Import',
      userName: 'Nimal Perera',
      branchCity: 'Kandy',
      consigneeName: 'Lanka Traders',
      ShipmentStatus: 'Consignee Response',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await screen.findByText('Shipment added successfully!')).toBeTruthy();
  });

  it("checks the required fields before calling, and shows the server's field details on the fields (400)", async () => {
    withNameLists(gateway);
    gateway.routes[`POST /api/shipments/add/${ME.id}`] = () =>
      reply({ message: 'Validation failed', code: 'VALIDATION_FAILED', details: { consigneeName: 'No consignee is named Lanka Traders' } }, 400);
    renderAt(`/addjobemployee/${ME.id}?direction=Export`, 'Employee');
    await screen.findByRole('heading', { name: 'Add Export Job' });
    // The employee's job is their own: the assignee is their name, read-only.
    expect(label('User Name').value).toBe(ME.fullName);
    expect(label('User Name').readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add Job' }));
    expect(await screen.findByText('Consignee is required')).toBeTruthy();
    expect(gateway.calls.some((call) => call.method === 'POST')).toBe(false);

    for (const [field, value] of [
      ['Branch City', 'Colombo'],
      ['Consignee Name', 'Lanka Traders'],
      ['Origin Port', 'Singapore'],
      ['Type of Shipment', 'FCL'],
      ['Term of Shipment', 'CIF'],
    ])
      await pick(field!, value!);
    choose('Shipment Status', 'Booking Confirmed');
    fireEvent.click(screen.getByRole('button', { name: 'Add Job' }));
    expect(await screen.findByText('No consignee is named Lanka Traders')).toBeTruthy();
    expect(screen.getByText('Validation failed')).toBeTruthy();
    expect(lastCall('/api/shipments/add/')?.body).toMatchObject({ direction: 'Export', originPort: 'Singapore' });
  });
});

describe('Reference pickers (requirements decisions: searchable, the saved value shown)', () => {
  const referenceCalls = () => gateway.calls.filter((call) => /^\/api\/(users|branches|consignees|origins|ShipmentType|ShipmentTerm)\//.test(call.url));

  it('the add form downloads no list of names; typing asks the server for the names containing the text, one page in name order', async () => {
    withNameLists(gateway);
    renderAt('/addjobadmin', 'Head');
    await screen.findByRole('heading', { name: 'Add Import Job' });
    expect(referenceCalls()).toEqual([]);
    const consignee = screen.getByRole('combobox', { name: /^Consignee Name/ });
    fireEvent.click(consignee);
    fireEvent.change(consignee, { target: { value: 'lan' } });
    await waitFor(async () => expect((await pickerOptions('Consignee Name')).map((option) => option.textContent)).toEqual(['Lanka Traders']));
    expect(referenceCalls().at(-1)?.url).toBe('/api/consignees/all?q=lan&sort=consigneeName&order=asc&page=1&pageSize=20');
    expect(await axeProblems()).toEqual([]);
    fireEvent.keyDown(consignee, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(consignee, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(consignee).toHaveProperty('value', 'Lanka Traders'));
    expect(consignee.getAttribute('aria-expanded')).toBe('false');
  });

  it('edit job shows the saved names without loading any list, and leaving a picker unchosen shows the saved name again', async () => {
    withNameLists(gateway);
    gateway.routes['GET /api/shipments/searchworklist/IMP-000001'] = () =>
      reply({ success: true, results: [aJob({ consigneeName: { _id: 'c9', consigneeName: 'Renamed Since Ltd' } })] });
    renderAt('/editjobadmin/IMP-000001', 'Admin');
    const consignee = (await screen.findByRole('combobox', { name: /^Consignee Name/ })) as HTMLInputElement;
    expect([consignee.value, label('Origin Port').value, label('User Name').value]).toEqual(['Renamed Since Ltd', 'Shanghai', ME.fullName]);
    expect(referenceCalls()).toEqual([]);
    fireEvent.click(consignee);
    fireEvent.change(consignee, { target: { value: 'cey' } });
    await pickerOptions('Consignee Name', 'Ceylon Tea Co');
    fireEvent.blur(consignee);
    expect(consignee.value).toBe('Renamed Since Ltd');
  });
});

describe('Edit job', () => {
  const jobPath = '/api/shipments/searchworklist/IMP-000001';

  it('offers "Proceed to Proceeding" only while Booking Confirmed, resets it when the status changes, and saves with the version read', async () => {
    withNameLists(gateway);
    gateway.routes[`GET ${jobPath}`] = () => reply({ success: true, results: [aJob({ ShipmentStatus: 'Booking Confirmed', proceedToProceeding: true })] });
    gateway.routes['PUT /api/shipments/updateadmin/IMP-000001'] = () => reply({ success: true, message: 'Job updated successfully', shipment: aJob() });
    gateway.routes[`GET ${worklistPath}`] = () => reply([], 200, { 'X-Total-Count': '0' });
    const router = renderAt('/editjobadmin/IMP-000001', 'Admin');
    expect(await screen.findByRole('heading', { name: 'Edit Job IMP-000001' })).toBeTruthy();
    expect(await screen.findByText(ME.fullName, { selector: 'strong' })).toBeTruthy();
    const proceed = () => screen.queryByRole('checkbox', { name: 'Proceed to Proceeding' }) as HTMLInputElement | null;
    expect(proceed()?.checked).toBe(true);
    choose('Shipment Status', 'Consignee Response');
    await waitFor(() => expect(proceed()).toBeNull());
    choose('Shipment Status', 'Booking Confirmed');
    expect(((await screen.findByRole('checkbox', { name: 'Proceed to Proceeding' })) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(proceed()!);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worklistadmin'));
    expect(lastCall('/api/shipments/updateadmin/')?.body).toMatchObject({
      ShipmentStatus: 'Booking Confirmed',
      proceedToProceeding: true,
      version: 3,
      userName: ME.fullName,
    });
    expect(await screen.findByText('Job updated successfully')).toBeTruthy();
  });

  it('a save over a newer version (409) says so clearly and offers to reload the job', async () => {
    withNameLists(gateway);
    let version = 3;
    gateway.routes[`GET ${jobPath}`] = () => reply({ success: true, results: [aJob({ version, remarks: version > 3 ? 'their change' : '' })] });
    gateway.routes['PUT /api/shipments/update/IMP-000001'] = () =>
      reply({ message: 'This job was changed by someone else since you opened it. Reload it to see their changes, then save again.', code: 'CONFLICT' }, 409);
    renderAt('/editjobemployee/IMP-000001', 'Employee');
    await screen.findByRole('heading', { name: 'Edit Job IMP-000001' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(/changed by someone else/);
    expect(alert.textContent).toBe(
      'Failed to update job: This job was changed by someone else since you opened it. Reload it to see their changes, then save again.',
    );
    version = 4;
    fireEvent.click(screen.getByRole('button', { name: 'Reload the job' }));
    expect((await screen.findByDisplayValue('their change')).tagName).toBe('TEXTAREA');
  });

  it('an unknown job number says "Job not found"', async () => {
    withNameLists(gateway);
    gateway.routes[`GET ${jobPath}`] = () => reply({ success: true, results: [] });
    renderAt('/editjobadmin/IMP-000001', 'Head');
    expect(await screen.findByText('Job not found')).toBeTruthy();
  });
});

describe('View job', () => {
  it('shows the job read-only and sends the booking confirmation, then its state', async () => {
    gateway.routes['GET /api/shipments/searchworklist/IMP-000001'] = () =>
      reply({ success: true, results: [aJob({ ShipmentStatus: 'Booking Confirmed', proceedToProceeding: true, remarks: '' })] });
    let mails: unknown[] = [];
    gateway.routes['GET /api/shipments/mails/IMP-000001'] = () => reply({ success: true, mails });
    gateway.routes['POST /api/shipments/sendmail/IMP-000001'] = () => {
      mails = [
        {
          id: 'm1',
          kind: 'booking-confirmation',
          to: ['lanka@example.com'],
          requestedAt: '2026-11-20T09:30:00.000Z',
          requestedBy: ME.fullName,
          status: 'sent',
          attempts: 1,
          lastError: null,
          sentAt: '2026-11-20T09:30:02.000Z',
        },
      ];
      return reply({ success: true, message: 'Booking confirmation email sent successfully' });
    };
    renderAt('/viewjobadmin/IMP-000001', 'Admin');
    const table = await screen.findByRole('table', { name: 'Job IMP-000001' });
    const value = (name: string) => within(table).getByRole('rowheader', { name }).nextElementSibling?.textContent;
    expect(value('Proceed to Proceeding')).toBe('Yes');
    expect(value('Additional Information')).toBe('N/A');
    expect(value('Date')).toBe('20/11/2026');
    expect(await screen.findByText('Not sent yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send Booking Confirm eMail to Consignee' }));
    expect(await screen.findByText('Booking confirmation email sent successfully')).toBeTruthy();
    expect(lastCall('/api/shipments/sendmail/')?.body).toEqual({ typeOfShipment: 'LCL' });
    expect(
      await screen.findByText(`Booking confirmation e-mail to lanka@example.com, ${formatDateTime('2026-11-20T09:30:02.000Z')}, by ${ME.fullName}`),
    ).toBeTruthy();
  });
});
