import { AccountsTexts, CounterTexts, voucherCounter } from '@freight/contracts';
import { CounterPage } from '@freight/web-domain/counter';

const routes = { get: voucherCounter.routes.vouchercounterGet, set: voucherCounter.routes.vouchercounterSet };
const texts = {
  invalid: CounterTexts.invalid,
  fetchFailed: AccountsTexts.voucherFetchFailed,
  updateFailed: AccountsTexts.voucherUpdateFailed,
  updated: AccountsTexts.voucherUpdated,
};

/**
 * Manage Voucher Counter (requirements 02 §2, Head): the last voucher number given; the next credit gets
 * the one after. A value below a voucher number in use is refused by the server (409), which says why.
 */
export function VoucherCounterPage() {
  return <CounterPage title="Manage Voucher Counter" queryKey="vouchercounter" routes={routes} texts={texts} />;
}
