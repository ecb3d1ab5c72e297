import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@freight/contracts';
import { callApi, type ServerList } from '@freight/web-kit';

/** The consignees' names (GET consignees/unique) for the accounts screens' consignee selects. */
export function useConsigneeNames() {
  return useQuery({
    queryKey: ['consignees', 'unique'],
    queryFn: ({ signal }) => callApi(api.consigneesUnique, undefined, { signal }),
    staleTime: 60_000,
  });
}

/** A records list's consignee filter (the list's `consigneeName`): one consignee's rows, or all. */
export function ConsigneeFilter({ list }: { list: ServerList<unknown> }) {
  const names = useConsigneeNames();
  return (
    <NativeSelect
      label="Consignee"
      data={[{ value: '', label: 'All consignees' }, ...(names.data ?? [])]}
      value={list.params.filters.consigneeName ?? ''}
      onChange={(event) => list.setFilter('consigneeName', event.currentTarget.value)}
      w={280}
      maw="100%"
    />
  );
}
