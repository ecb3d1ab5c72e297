// A counter screen (Manage Shipment Counter, Manage Voucher Counter).
export { CounterPage, type CounterPageTexts } from './counter-page.js';
