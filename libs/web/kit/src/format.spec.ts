import { formatClock, formatDate, formatDateTime, formatMoney, textOrNA } from './format.js';

describe('formatting (en-GB)', () => {
  it('shows dates as dd/mm/yyyy', () => {
    expect(formatDate(new Date(2026, 0, 5, 14, 3))).toBe('05/01/2026');
    expect(formatDate('2026-12-31T10:00:00')).toBe('31/12/2026');
    // A calendar day as the API sends it is that day, wherever the browser is (not UTC midnight moved into its zone).
    expect(formatDate('2027-01-01')).toBe('01/01/2027');
  });

  it('shows N/A for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('shows a date with its time as dd/mm/yyyy HH:mm (24-hour), N/A when missing', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 14, 3))).toBe('05/01/2026 14:03');
    expect(formatDateTime(null)).toBe('N/A');
  });

  it('formats the header clock as dd/mm/yyyy – Weekday – HH:mm (24-hour)', () => {
    expect(formatClock(new Date(2026, 10, 21, 9, 7))).toBe('21/11/2026 – Saturday – 09:07');
    expect(formatClock(new Date(2026, 10, 22, 23, 59))).toBe('22/11/2026 – Sunday – 23:59');
  });

  it('shows N/A for missing text', () => {
    expect(textOrNA(undefined)).toBe('N/A');
    expect(textOrNA('  ')).toBe('N/A');
    expect(textOrNA('Colombo')).toBe('Colombo');
  });
});

describe('formatMoney', () => {
  it('groups thousands and keeps two decimals, exactly', () => {
    expect(formatMoney('1234567.5')).toBe('Rs. 1,234,567.50');
    expect(formatMoney('999999999999.99')).toBe('Rs. 999,999,999,999.99');
    expect(formatMoney('0.00')).toBe('Rs. 0.00');
    expect(formatMoney(undefined)).toBe('Rs. 0.00');
    // A balance below zero: the consignee paid ahead.
    expect(formatMoney('-1234.50')).toBe('Rs. -1,234.50');
  });
});
