import { screen } from '@testing-library/react';
import { fakeGateway, renderAt } from '../screens.spec.setup.js';

const gateway = fakeGateway();

describe('the accounts hub (/admindashboard/accounts)', () => {
  it("gives the Head a tile per accounts screen, in the spec's order, then the Statement of Account, and shows the signed-in role", async () => {
    renderAt('/admindashboard/accounts');
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
    const tiles = ['Debit Payments', 'View Debit Entries', 'Credit Payments', 'View Credit Entries', 'Credit Counter', 'Statement of Account'];
    const paths = ['debitpayment', 'viewdebit', 'creditpayment', 'viewcredit', 'managevouchercounter', 'statement'];
    expect(tiles.map((name) => screen.getByRole('link', { name }).getAttribute('href'))).toEqual(paths.map((p) => `/admindashboard/accounts/${p}`));
    expect(screen.getByText('Signed in as:').textContent).toBe('Signed in as: Head');
  });

  it.each(['Admin', 'Employee'] as const)('refuses %s (the accounts are the Head’s, requirements decisions §4) without calling the gateway', async (role) => {
    renderAt('/admindashboard/accounts/viewcredit', role);
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    expect(gateway.calls).toEqual([]);
  });

  it('an unknown accounts address is "Page not found" with a way back to the hub', async () => {
    renderAt('/admindashboard/accounts/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('/admindashboard/accounts');
  });
});
