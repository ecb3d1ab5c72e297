import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aJob, fakeGateway, renderAt, reply } from '../screens.spec.setup.js';

const gateway = fakeGateway();
const TOOLS = '/admindashboard/administrativetools';

describe('Manage Shipment Counter', () => {
  it('shows the counter, refuses a value that is not a whole number 0 or more, and sets a good one', async () => {
    let counter = 41;
    gateway.routes['POST /api/shipmentcounter/get'] = () => reply({ counter });
    gateway.routes['POST /api/shipmentcounter/set'] = (call) => {
      counter = (call.body as { newCounterValue: number }).newCounterValue;
      return reply({ counter, message: 'Shipment counter updated successfully' });
    };
    renderAt(`${TOOLS}/manageshipmentcounter`, 'Head');
    expect((await screen.findByText('41')).tagName).toBe('STRONG');
    const input = screen.getByLabelText('New counter value');
    for (const bad of ['-1', 'abc', '', '2.5']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Update Counter' }));
      expect(await screen.findByText('Invalid counter value. Please enter a positive number.')).toBeTruthy();
    }
    expect(gateway.calls.filter((call) => call.url.endsWith('/set'))).toHaveLength(0);
    fireEvent.change(input, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Counter' }));
    expect(await screen.findByText('500')).toBeTruthy();
    expect(gateway.calls.find((call) => call.url.endsWith('/set'))?.body).toEqual({ newCounterValue: 500 });
  });

  it("a value that would repeat a job number is refused with the server's reason (409)", async () => {
    const reason = 'The counter cannot be set below 41: job number 41 is already in use, so the next job would repeat a number.';
    gateway.routes['POST /api/shipmentcounter/get'] = () => reply({ counter: 41 });
    gateway.routes['POST /api/shipmentcounter/set'] = () => reply({ message: reason, code: 'CONFLICT' }, 409);
    renderAt(`${TOOLS}/manageshipmentcounter`, 'Head');
    await screen.findByText('41');
    fireEvent.change(screen.getByLabelText('New counter value'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Counter' }));
    expect(await screen.findByText(reason)).toBeTruthy();
  });

  it("is the Head's: an Admin is refused with a way back to Administrative Tools", async () => {
    renderAt(`${TOOLS}/manageshipmentcounter`, 'Admin');
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Administrative Tools' }).getAttribute('href')).toBe(TOOLS);
    expect(gateway.calls).toHaveLength(0);
  });
});

describe('Delete Shipment', () => {
  it('fetches the details by job number (disabled while empty), asks, deletes', async () => {
    let deleted = false;
    gateway.routes['GET /api/shipments/searchbooklistdeletion/IMP-000009'] = () =>
      reply({ success: true, results: deleted ? [] : [aJob({ jobNo: 'IMP-000009' })] });
    gateway.routes['DELETE /api/shipments/delete/IMP-000009'] = () => {
      deleted = true;
      return reply({ message: 'Shipment deleted successfully' });
    };
    renderAt(`${TOOLS}/deleteshipment`, 'Head');
    const fetchButton = (await screen.findByRole('button', { name: 'Fetch Details' })) as HTMLButtonElement;
    expect(fetchButton.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Job Number'), { target: { value: 'IMP-000009' } });
    expect(fetchButton.disabled).toBe(false);
    fireEvent.click(fetchButton);
    expect(await screen.findByRole('table', { name: 'Shipment IMP-000009' })).toBeTruthy();

    // Cancel keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Delete Shipment IMP-000009' }));
    expect(await screen.findByText('Are you sure you want to delete this shipment?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to delete this shipment?')).toBeNull());
    expect(gateway.calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Shipment IMP-000009' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Shipment deleted successfully')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Shipment IMP-000009' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Job Number'), { target: { value: 'IMP-000009' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Details' }));
    expect(await screen.findByText('Shipment not found or does not exist')).toBeTruthy();
  });

  it("a failed fetch and a failed delete say so in the spec's words", async () => {
    gateway.routes['GET /api/shipments/searchbooklistdeletion/IMP-000010'] = () => new Response('', { status: 503 });
    renderAt(`${TOOLS}/deleteshipment`, 'Head');
    fireEvent.change(await screen.findByLabelText('Job Number'), { target: { value: 'IMP-000010' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Details' }));
    expect(await screen.findByText('Error fetching shipment details')).toBeTruthy();

    gateway.routes['GET /api/shipments/searchbooklistdeletion/IMP-000010'] = () => reply({ success: true, results: [aJob({ jobNo: 'IMP-000010' })] });
    gateway.routes['DELETE /api/shipments/delete/IMP-000010'] = () => new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Details' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Shipment IMP-000010' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting the shipment')).toBeTruthy();
  });
});
