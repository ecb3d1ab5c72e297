import { fireEvent, screen } from '@testing-library/react';
import { fakeGateway, renderAt, reply } from '../screens.spec.setup.js';

const gateway = fakeGateway();
const PATH = '/admindashboard/accounts/managevouchercounter';

describe('Manage Voucher Counter', () => {
  it('shows the counter, refuses a value that is not a whole number 0 or more, and sets a good one', async () => {
    let counter = 12;
    gateway.routes['POST /api/vouchercounter/get'] = () => reply({ counter });
    gateway.routes['POST /api/vouchercounter/set'] = (call) => {
      counter = (call.body as { newCounterValue: number }).newCounterValue;
      return reply({ counter, message: 'Voucher counter updated successfully' });
    };
    renderAt(PATH);
    expect(await screen.findByRole('heading', { name: 'Manage Voucher Counter' })).toBeTruthy();
    expect((await screen.findByText('12')).tagName).toBe('STRONG');
    for (const bad of ['-1', 'abc', '']) {
      fireEvent.change(screen.getByLabelText('New counter value'), { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Update Counter' }));
      expect(await screen.findByText('Invalid counter value. Please enter a positive number.')).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText('New counter value'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Counter' }));
    expect(await screen.findByText('40')).toBeTruthy();
    expect(gateway.calls.filter((call) => call.url.endsWith('/set')).map((call) => call.body)).toEqual([{ newCounterValue: 40 }]);
  });

  it('"Failed to fetch Voucher counter." and "Failed to update Voucher counter." (the spec’s typo fixed), and the server’s reason for a 409', async () => {
    gateway.routes['POST /api/vouchercounter/get'] = () => new Response('', { status: 500 });
    gateway.routes['POST /api/vouchercounter/set'] = () => new Response('', { status: 500 });
    renderAt(PATH);
    expect(await screen.findByText('Failed to fetch Voucher counter.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New counter value'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Counter' }));
    expect(await screen.findByText('Failed to update Voucher counter.')).toBeTruthy();
    const reason = 'The voucher counter cannot be set below 12: voucher number 12 is already in use, so the next credit would repeat a number.';
    gateway.routes['POST /api/vouchercounter/set'] = () => reply({ message: reason, code: 'CONFLICT' }, 409);
    fireEvent.click(screen.getByRole('button', { name: 'Update Counter' }));
    expect(await screen.findByText(reason)).toBeTruthy();
  });
});
