/**
 * Money as requirements decisions §1 shows it, from the API's decimal string: "1234567.5" → "Rs. 1,234,567.50",
 * "-20.00" → "Rs. -20.00" (a consignee who paid ahead); missing → Rs. 0.00. No float on the way
 * (ADR 23). Here, not in the web kit, because the gateway's statement PDF shows money too.
 */
export function formatMoney(amount: string | null | undefined): string {
  const [whole = '0', fraction = ''] = (amount ?? '').trim().split('.');
  return `Rs. ${(whole || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
