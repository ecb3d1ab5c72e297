import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@freight/contracts';
import { callRoute, type CallableRoute, type ListPage, type ListRowOf } from './api-client.js';

export type SortOrder = 'asc' | 'desc';

export interface ListParams {
  q: string;
  sort?: string;
  order: SortOrder;
  page: number;
  pageSize: number;
  /** The list's own filters, sent beside the search (`{ handled: 'false' }`); an empty value filters nothing. */
  filters: Readonly<Record<string, string>>;
}

export interface ServerList<T> {
  params: ListParams;
  items: T[];
  total: number;
  pageCount: number;
  loading: boolean;
  error: Error | null;
  setSearch: (q: string) => void;
  toggleSort: (field: string) => void;
  setPage: (page: number) => void;
  /** Set one of the list's filters ('' for none); back to the first page. */
  setFilter: (name: string, value: string) => void;
  /** Reload every page of this list (after an add, edit or delete). */
  refresh: () => Promise<void>;
}

/** Sorting a column: first click ascending, second descending, another column starts ascending again. */
export function nextSort(params: Pick<ListParams, 'sort' | 'order'>, field: string): Pick<ListParams, 'sort' | 'order'> {
  if (params.sort === field) return { sort: field, order: params.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: 'asc' };
}

/** The filters that filter something (a value of '' filters nothing), as query parameters. */
export const nonEmpty = (filters: ListParams['filters']): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));

/** A list route of the api table (`paged`), e.g. `api.usersAll`. */
export type ListRoute = CallableRoute & { paged: true; query: NonNullable<CallableRoute['query']> };
/** The row type of a list route. */
export type RowOf<R extends Pick<CallableRoute, 'reply' | 'listKey'>> = ListRowOf<R>;

export interface ServerListOptions<Row = unknown, T = Row> {
  /** The route's path parameters (`allworklist/{user_id}`), part of the cache key. */
  pathParams?: Readonly<Record<string, string>>;
  /** The sort at first (the worklist: date ascending); default none (the server's order). */
  sort?: Pick<ListParams, 'sort' | 'order'>;
  /** Each row as the screen reads it, made once per page fetched (a job by plain names: `plainJob`, ADR 56). */
  decode?: (row: Row) => T;
}

/** The list's state as its address holds it (`?q=&sort=&order=&page=` and its filters by name), else the defaults. */
function paramsOf(url: URLSearchParams, pageSize: number, filters: Readonly<Record<string, string>>, sort: ServerListOptions['sort']): ListParams {
  const order = url.get('order');
  const page = Number(url.get('page'));
  return {
    q: url.get('q') ?? '',
    sort: url.get('sort') ?? sort?.sort,
    order: order === 'asc' || order === 'desc' ? order : (sort?.order ?? 'asc'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize,
    filters: Object.fromEntries(Object.entries(filters).map(([name, initial]) => [name, url.get(name) ?? initial])),
  };
}

/**
 * One page of a list call, searched, sorted, filtered and paged on the server
 * (requirements decisions §1). `key` names the list in the query cache, e.g. 'users'; `filters` are the
 * list's own filters at first (`{ handled: 'false' }`). The search, sort, page and filters live
 * in the screen's address (replacing its entry, so Back is not a walk through keystrokes): a
 * row's View and then Back, a reload or a shared link show the same page of the same search.
 */
export function useServerList<R extends ListRoute, T = RowOf<R>>(
  key: string,
  route: R,
  pageSize: number = DEFAULT_PAGE_SIZE,
  filters: Readonly<Record<string, string>> = {},
  { pathParams, sort, decode }: ServerListOptions<RowOf<R>, T> = {},
): ServerList<T> {
  const queryClient = useQueryClient();
  const [url, setUrl] = useSearchParams();
  // Stable while the address is: `filters` and `sort` are usually literals made anew each render.
  const defaults = JSON.stringify({ filters, sort });
  const params = useMemo(() => {
    const initial = JSON.parse(defaults) as { filters: Record<string, string>; sort: ServerListOptions['sort'] };
    return paramsOf(url, pageSize, initial.filters, initial.sort);
  }, [url, pageSize, defaults]);
  /** Writes what changed into the address (a value at its default leaves it); nothing changed, no navigation. */
  const change = useCallback(
    (next: (p: ListParams) => Partial<ListParams> | null) => {
      const changed = next(params);
      if (!changed) return;
      const written = new URLSearchParams(url);
      const put = (name: string, value: string | undefined) => (value ? written.set(name, value) : written.delete(name));
      if ('q' in changed) put('q', changed.q);
      if ('sort' in changed) put('sort', changed.sort);
      if ('order' in changed) put('order', changed.sort ? changed.order : undefined);
      if ('page' in changed) put('page', changed.page && changed.page > 1 ? String(changed.page) : undefined);
      for (const [name, value] of Object.entries(changed.filters ?? {})) written.set(name, value);
      setUrl(written, { replace: true });
    },
    [params, url, setUrl],
  );
  const query = useQuery({
    queryKey: [key, 'list', params, pathParams],
    queryFn: async ({ signal }): Promise<ListPage<T>> => {
      const listQuery = {
        ...nonEmpty(params.filters),
        q: params.q || undefined,
        sort: params.sort,
        order: params.sort ? params.order : undefined,
        page: params.page,
        pageSize: params.pageSize,
      };
      // The route's own query type is narrower (its sort fields); the server checks `sort` against them.
      const page = (await callRoute(route, { params: pathParams, query: listQuery }, { signal })) as ListPage<RowOf<R>>;
      return decode ? { items: page.items.map(decode), total: page.total } : (page as ListPage<unknown> as ListPage<T>);
    },
    placeholderData: keepPreviousData,
  });

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.pageSize));

  const setSearch = useCallback((q: string) => change((p) => (p.q === q ? null : { q, page: 1 })), [change]);
  const toggleSort = useCallback((field: string) => change((p) => ({ ...nextSort(p, field), page: 1 })), [change]);
  const setPage = useCallback((page: number) => change(() => ({ page: Math.max(1, page) })), [change]);
  const setFilter = useCallback(
    (name: string, value: string) => change((p) => (p.filters[name] === value ? null : { filters: { [name]: value }, page: 1 })),
    [change],
  );
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: [key] }), [queryClient, key]);

  return {
    params,
    items: query.data?.items ?? [],
    total,
    pageCount,
    loading: query.isPending,
    error: query.error,
    setSearch,
    toggleSort,
    setPage,
    setFilter,
    refresh,
  };
}
