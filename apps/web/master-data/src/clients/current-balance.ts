import { useQuery } from '@tanstack/react-query';
import { api } from '@freight/contracts';
import { callApi, formatMoney } from '@freight/web-kit';

/** Shown while the balance loads, and when the accounts service cannot say it. */
export const BALANCE_LOADING = 'Loading...';
export const BALANCE_UNAVAILABLE = 'Not available: the accounts could not be reached';

/**
 * A consignee's current balance owed, from the accounts service (the source of truth, DECISIONS
 * §3: opening + debits − credits), as the screens show it: `Rs. 1,234.50`. `id` '' asks nothing.
 */
export function useCurrentBalance(id: string): string {
  const balance = useQuery({
    queryKey: ['accounts', 'balance', id],
    queryFn: ({ signal }) => callApi(api.accountsBalance, { params: { consignee_id: id } }, { signal }),
    enabled: id !== '',
    retry: false,
  });
  if (balance.isError) return BALANCE_UNAVAILABLE;
  return balance.data ? formatMoney(balance.data.balance.balance) : BALANCE_LOADING;
}
