// A counter screen (Manage Shipment Counter, Manage Voucher Counter).
export { CounterPage } from './counter-page.js';
