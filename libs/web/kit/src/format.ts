/** Formatting per requirements decisions §1: en-GB dates, the header clock, N/A for missing text. */
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** dd/mm/yyyy, or N/A for a missing or invalid date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  // A calendar day (a job's date, ETD): shown as it is, not read as UTC midnight and moved into the browser's zone.
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateFormat.format(date);
}

/** dd/mm/yyyy HH:mm (24-hour), or N/A: when a message came in. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const day = formatDate(value);
  return day === 'N/A' ? day : `${day} ${timeFormat.format(toDate(value!))}`;
}

/** The header clock: `dd/mm/yyyy – Weekday – HH:mm`. */
export function formatClock(date: Date): string {
  return `${dateFormat.format(date)} – ${weekdayFormat.format(date)} – ${timeFormat.format(date)}`;
}

/** Missing text shows as N/A. */
export function textOrNA(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? 'N/A' : value;
}

/** A quantity: 0 when missing (requirements decisions §1). */
export function formatCount(value: number | null | undefined): string {
  return String(value ?? 0);
}

/** A weight in kg: 0 kg when missing (requirements decisions §1). */
export function formatWeight(value: number | null | undefined): string {
  return `${value ?? 0} kg`;
}

/** Money (requirements decisions §1): one formatter for the screens and the gateway's statement PDF. */
export { formatMoney } from '@freight/contracts';
