import { fireEvent, screen, waitFor } from '@testing-library/react';
import { JobTexts } from '@freight/contracts';
import { NETWORK_MESSAGE } from '@freight/web-kit';
import { booking, fakeGateway, renderAt, reply } from '../screens.spec.setup.js';

const api = fakeGateway();
/** The value shown under a label of the view's description list. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const sendButton = () => screen.getByRole('button', { name: 'Send Updated Data Mail to Consignee' });

const queued = {
  id: 'm1',
  kind: 'updated-data',
  to: ['ops@harbour.example'],
  requestedAt: '2026-11-27T09:30:00.000Z',
  requestedBy: 'Kamal Silva',
  status: 'queued',
  attempts: 0,
  lastError: null,
  sentAt: null,
};

function gateway(mail: () => Response | Promise<Response>) {
  let mails: unknown[] = [];
  const job = booking({ invoiceNo: 'INV-9', invoiceAmount: '1234567.5', invoiceDate: '2026-11-24', whArrivalDate: null, cartoons: 0 });
  api.otherwise = ({ method }, path) => {
    if (path === '/api/shipments/searchbooklist/IMP-000042') return reply({ success: true, results: [job] });
    if (path === '/api/shipments/mails/IMP-000042') return reply({ success: true, mails });
    if (method === 'POST' && path === '/api/shipments/sendupdatingmail/IMP-000042') {
      mails = [queued];
      return mail();
    }
    throw new Error(`unexpected call ${method} ${path}`);
  };
}

describe('View booking', () => {
  it("Admin: every field as requirements decisions §1 shows it, and the updated-data e-mail sent with the job's type; the server's text once accepted", async () => {
    gateway(() => reply({ success: true, message: 'Updated data email queued for the consignee' }));
    renderAt('/viewbooking/IMP-000042', 'Admin');
    await screen.findByText('Job No', { selector: 'dt' });
    expect(valueOf('Consignee')).toBe('Harbour Foods');
    expect(valueOf('Original Consignee (Notify)')).toBe('N/A');
    expect(valueOf('ETD')).toBe('22/11/2026');
    expect(valueOf('Warehouse Arrival Date')).toBe('N/A');
    expect(valueOf('Cartoons')).toBe('0');
    expect(valueOf('Weight')).toBe('2300 kg');
    expect(valueOf('Invoice Amount')).toBe('Rs. 1,234,567.50');
    expect(valueOf('Job Status')).toBe('Active');
    expect(valueOf('Proceed to Proceeding')).toBe('Yes');
    expect(valueOf('Personal Information')).toBe('N/A');
    expect(screen.getByRole('link', { name: 'Daily Booking Sheet' }).getAttribute('href')).toBe('/importbooklist');
    expect(screen.getByRole('link', { name: 'Edit Booking' }).getAttribute('href')).toBe('/editbooking/IMP-000042');
    const lastMail = screen.getByRole('status', { name: 'Last e-mail' });
    await waitFor(() => expect(lastMail.textContent).toBe('Last e-mail:Not sent yet'));
    fireEvent.click(sendButton());
    expect(await screen.findByText('Updated data email queued for the consignee')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/shipments/sendupdatingmail/IMP-000042',
      body: { typeOfShipment: 'LCL' },
    });
    // The last e-mail's state follows the send.
    await waitFor(() =>
      expect(lastMail.textContent).toMatch(/^Last e-mail:QueuedUpdated data e-mail to ops@harbour.example, 27\/11\/2026 \d\d:30, by Kamal Silva$/),
    );
  });

  it('Employee: the same data with uppercase labels and the way back to their own sheet; a refused e-mail says "Failed to send email" with the reason', async () => {
    gateway(() => reply({ message: 'The consignee has no e-mail address', code: 'VALIDATION_FAILED' }, 400));
    renderAt('/viewbookingemployee/IMP-000042', 'Employee');
    await screen.findByText('JOB NO', { selector: 'dt' });
    for (const label of ['ORIGINAL CONSIGNEE (NOTIFY)', 'STATUS UPDATE TO CLIENT', 'ADDITIONAL INFORMATION', 'PERSONAL INFORMATION']) {
      expect(screen.getByText(label, { selector: 'dt' })).toBeTruthy();
    }
    expect(valueOf('ADDITIONAL INFORMATION')).toBe('Fragile');
    expect(valueOf('STATUS UPDATE TO CLIENT')).toBe('Inactive');
    expect(screen.getByRole('link', { name: 'Daily Booking Sheet' }).getAttribute('href')).toBe('/importbooklistemployee');
    fireEvent.click(sendButton());
    expect(await screen.findByText(`${JobTexts.mailFailed}: The consignee has no e-mail address`)).toBeTruthy();
  });

  it('"Error sending email" when the server cannot be reached', async () => {
    gateway(() => Promise.reject(new TypeError('Failed to fetch')));
    renderAt('/viewbooking/IMP-000042', 'Head');
    await screen.findByText('Job No', { selector: 'dt' });
    fireEvent.click(sendButton());
    expect(await screen.findByText(JobTexts.mailError)).toBeTruthy();
    expect(screen.queryByText(NETWORK_MESSAGE)).toBeNull();
    await waitFor(() => expect((sendButton() as HTMLButtonElement).disabled).toBe(false));
  });

  it("another employee's booking: the server's reason instead of the data, and no e-mail button", async () => {
    api.otherwise = () => reply({ message: JobTexts.notYourJob, code: 'FORBIDDEN' }, 403);
    renderAt('/viewbookingemployee/IMP-000042', 'Employee');
    expect((await screen.findByRole('alert')).textContent).toBe(JobTexts.notYourJob);
    expect(screen.queryByRole('button', { name: 'Send Updated Data Mail to Consignee' })).toBeNull();
  });
});
