import type { Credit, InvoicedShipment, StaffRole } from '@freight/contracts';
import { renderSignedIn } from '@freight/web-kit/testing';
import AccountsRoutes from './routes.js';

// What this remote's screen specs share (test code: only specs import it, no bundle has it).

export { aJob, aStatement, axeProblems, fakeGateway, reply } from '@freight/web-kit/testing';

/**
 * The remote as the console mounts it: under /admindashboard/accounts/*, signed in as `role`,
 * at `path`. Returns the router (its state tells where a screen went).
 */
export const renderAt = (path: string, role: StaffRole = 'Head') =>
  renderSignedIn(role, path, [{ path: '/admindashboard/accounts/*', element: <AccountsRoutes /> }]);

/** An invoiced job as the service answers it; `changes` override fields. */
export function anInvoice(changes: Partial<InvoicedShipment> = {}): InvoicedShipment {
  return {
    jobNo: 'IMP-000001',
    consignee: 'Lanka Traders',
    consignee_id: 'c1',
    invoiceNo: 'INV-1001',
    invoiceAmount: '1234567.00',
    invoiceDate: '2026-11-20',
    origin: 'Shanghai',
    shipperName: '',
    blNo: 'SHACMB1',
    containerNo: 'TGHU1234567',
    ...changes,
  };
}

/** A credit as the service answers it; `changes` override fields. */
export function aCredit(changes: Partial<Credit> = {}): Credit {
  return {
    _id: 'cr1',
    credit_sr: 12,
    consigneeName: { _id: 'c1', consigneeName: 'Lanka Traders', openingBalance: '1000.00' },
    paymentType: 'Cheque',
    chequeNumber: 'CHQ-778',
    amount: '25000.50',
    remarks: '',
    date: '2026-11-21',
    createdAt: '2026-11-21T08:00:00.000Z',
    updatedAt: '2026-11-21T08:00:00.000Z',
    ...changes,
  };
}

/** A reply that comes only after `ms` (a slow service). */
export const later = (ms: number, response: () => Response) => new Promise<Response>((resolve) => setTimeout(() => resolve(response()), ms));
