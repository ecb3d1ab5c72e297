/*
 * Money in this service's code (ADR 23, 34): decimal strings from Postgres and the contracts,
 * turned into whole cents (BigInt) for arithmetic, never into a binary float.
 */

/** "1234.50", "-3.00", "7" → cents. */
export function toCents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** Cents → "1234.50" / "-3.00". */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** a − b, exactly. */
export const difference = (a: string, b: string): string => fromCents(toCents(a) - toCents(b));
