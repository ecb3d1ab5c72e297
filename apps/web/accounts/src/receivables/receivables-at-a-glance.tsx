/**
 * The hub's slot for "Receivables at a glance" (total owed, top 10 consignees, invoices vs credits
 * per month). Its owner (the statement and receivables work) replaces this placeholder.
 */
export function ReceivablesAtAGlance() {
  return null;
}
