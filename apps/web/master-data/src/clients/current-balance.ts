import { useQuery } from '@tanstack/react-query';
import { api } from '@freight/contracts';
import { callApi, formatMoney, usePageRows } from '@freight/web-kit';

/** Shown while the balance loads, and when the accounts service cannot say it. */
export const BALANCE_LOADING = 'Loading...';
export const BALANCE_UNAVAILABLE = 'Not available: the accounts could not be reached';

/** How often, and how many times, a balance is asked again while the accounts service has not yet caught up with the directory. */
const CATCH_UP_MS = 500;
const CATCH_UP_TRIES = 20;

const sameAmount = (a: string, b: string) => Number(a).toFixed(2) === Number(b).toFixed(2);

/**
 * A consignee's current balance owed, from the accounts service (the source of truth, requirements decisions
 * §3: opening + debits − credits), as the screens show it: `Rs. 1,234.50`. `id` '' asks nothing.
 * `openingBalance`: the one the directory's record has. The accounts service learns a changed
 * opening balance from the directory's event a moment after the save; until its figure is built
 * on the same one, the balance is asked again, so a screen opened right after a save is not stale.
 */
export function useCurrentBalance(id: string, openingBalance?: string): string {
  const balance = useQuery({
    queryKey: ['accounts', 'balance', id],
    queryFn: ({ signal }) => callApi(api.accountsBalance, { params: { consignee_id: id } }, { signal }),
    enabled: id !== '',
    retry: false,
    // Money is read afresh on each screen, not from the cache lists keep for 30 s.
    staleTime: 0,
    refetchInterval: (query) => {
      const known = query.state.data?.balance.openingBalance;
      const behind = openingBalance !== undefined && known !== undefined && !sameAmount(known, openingBalance);
      return behind && query.state.dataUpdateCount < CATCH_UP_TRIES ? CATCH_UP_MS : false;
    },
  });
  if (balance.isError) return BALANCE_UNAVAILABLE;
  return balance.data ? formatMoney(balance.data.balance.balance) : BALANCE_LOADING;
}

/**
 * The balance owed of a consignee on the list's page, as the list shows it: one balances call for
 * the whole page (every cell asks the same question, so it is asked once), not one a row.
 */
export function usePageBalance(id: string): string {
  const ids = usePageRows()
    .map((row) => (row as { consignee_id?: string }).consignee_id)
    .filter((each): each is string => each !== undefined);
  const balances = useQuery({
    queryKey: ['accounts', 'balances', ids],
    queryFn: ({ signal }) => callApi(api.accountsBalances, { query: { consignee_ids: ids.join(',') } }, { signal }),
    enabled: ids.length > 0,
    retry: false,
    staleTime: 0,
  });
  if (balances.isError) return 'Not available';
  if (!balances.data) return BALANCE_LOADING;
  const found = balances.data.balances.find((balance) => balance.consignee_id === id);
  // Not yet in the accounts (its copy comes from the directory's event a moment after the add).
  return found ? formatMoney(found.balance) : 'N/A';
}
