import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STATEMENT_PAGE_SIZE, api } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, PageFrame, SEARCH_DEBOUNCE_MS, callApi, downloadFile, formatDate, serverMessage, toastError } from '@freight/web-kit';
import {
  StatementFigures,
  StatementLines,
  StatementPager,
  StatementRangeFields,
  defaultStatementRange,
  statementPages,
  statementRangeErrors,
} from '@freight/web-domain/statement';

/**
 * The consignee picker: a search box (the directory's consignees searched on the server by name,
 * 20 at a time) and the consignees found; its value the consignee's id. Plain inputs the console
 * already shares, so the screen brings no more of Mantine.
 */
function ConsigneePicker({
  value,
  name,
  onChange,
  error,
}: {
  value: string | null;
  name: string | undefined;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['consignees', 'pick', q],
    queryFn: ({ signal }) => callApi(api.consigneesAll, { query: { q, sort: 'consigneeName', page: 1, pageSize: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });
  const options = (found.data?.items ?? []).map((row) => ({ value: row.consignee_id, label: row.consigneeName }));
  // The chosen consignee stays a choice while a search shows others.
  if (value && name && !options.some((option) => option.value === value)) options.unshift({ value, label: name });
  return (
    <>
      <TextInput label="Find consignee" placeholder="Part of the name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} miw={200} />
      <NativeSelect
        label="Consignee"
        data={[{ value: '', label: found.isFetching ? 'Searching…' : options.length ? 'Select a consignee' : 'No consignee found' }, ...options]}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || null)}
        error={error ?? (found.isError ? 'Consignees could not be loaded' : undefined)}
        miw={240}
      />
    </>
  );
}

/**
 * Statement of Account (/admindashboard/accounts/statement, Head; issue 10): a consignee and a
 * range, then the opening balance, every invoice and payment in date order with the running
 * balance (50 a page, paged by the server), the closing balance, and the same as CSV or PDF. What
 * is shown lives in the address (`?consignee=&from=&to=&page=`, `&view=ledger`), so the receivables' top
 * consignees link straight to their statement and a statement can be bookmarked.
 *
 * Two views (docs/adr/0042): "Statement", what the consignee reads (the documents as they stand,
 * also the PDF they are sent), and "Ledger", every change with its corrections (and its CSV).
 */
export function StatementPage() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultStatementRange();
  const shown = {
    consignee: params.get('consignee'),
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    page: Number(params.get('page') ?? '1') || 1,
    view: params.get('view') === 'ledger' ? ('ledger' as const) : ('statement' as const),
  };
  // Only the ledger view is named in the address and the calls: the statement is the default.
  const viewQuery: Record<string, string> = shown.view === 'ledger' ? { view: shown.view } : {};
  const [draft, setDraft] = useState({ consignee: shown.consignee, from: shown.from, to: shown.to });
  const [errors, setErrors] = useState<Partial<Record<'consignee' | 'from' | 'to', string>>>({});
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  useEffect(() => setDraft({ consignee: shown.consignee, from: shown.from, to: shown.to }), [shown.consignee, shown.from, shown.to]);

  const statement = useQuery({
    queryKey: ['accounts', 'statement', shown.consignee, shown.from, shown.to, shown.page, shown.view],
    queryFn: ({ signal }) =>
      callApi(
        api.accountsStatement,
        {
          params: { consignee_id: shown.consignee! },
          query: { from: shown.from, to: shown.to, page: shown.page, pageSize: STATEMENT_PAGE_SIZE, ...viewQuery },
        },
        { signal },
      ),
    enabled: Boolean(shown.consignee),
    placeholderData: keepPreviousData,
  });

  const show = () => {
    const problems: typeof errors = statementRangeErrors({ from: draft.from, to: draft.to });
    if (!draft.consignee) problems.consignee = 'Choose a consignee';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setParams({ consignee: draft.consignee!, from: draft.from, to: draft.to, page: '1', ...viewQuery });
  };
  const showView = (view: 'statement' | 'ledger') =>
    setParams({ consignee: shown.consignee!, from: shown.from, to: shown.to, page: '1', ...(view === 'ledger' ? { view } : {}) });

  const download = async (kind: 'csv' | 'pdf') => {
    if (!shown.consignee) return;
    setDownloading(kind);
    try {
      // The PDF is the document a consignee is sent: always the statement view.
      const [route, query] = kind === 'csv' ? [api.accountsStatementExport, { ...viewQuery }] : [api.accountsStatementPdf, {}];
      await downloadFile(route, { from: shown.from, to: shown.to, ...query }, `statement.${kind}`, { consignee_id: shown.consignee });
    } catch (failure) {
      toastError(serverMessage(failure, `The statement could not be downloaded. Please try again.`));
    } finally {
      setDownloading(null);
    }
  };

  const goTo = (page: number) => setParams({ consignee: shown.consignee!, from: shown.from, to: shown.to, page: String(page), ...viewQuery });
  const data = statement.data;
  const pages = statementPages(data);
  return (
    <PageFrame title="Statement of Account">
      <Stack gap="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            show();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <ConsigneePicker
              value={draft.consignee}
              name={data?.consignee._id === draft.consignee ? data?.consignee.consigneeName : undefined}
              onChange={(consignee) => setDraft({ ...draft, consignee })}
            />
            {errors.consignee && (
              <Text c="red.8" size="sm" role="alert" mt={30}>
                {errors.consignee}
              </Text>
            )}
            <StatementRangeFields range={draft} errors={errors} onChange={(range) => setDraft({ ...draft, ...range })} />
          </Group>
        </form>
        {!shown.consignee ? (
          <Text c="dimmed">Choose a consignee and a period, then Show Statement.</Text>
        ) : statement.isPending ? (
          <LoadingNotice />
        ) : statement.isError ? (
          <ErrorNotice>{serverMessage(statement.error, 'The statement could not be loaded. Please try again.')}</ErrorNotice>
        ) : (
          <Stack gap="md" aria-busy={statement.isFetching}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text fw={600}>
                {data!.consignee.consigneeName}: {formatDate(data!.from)} to {formatDate(data!.to)}
              </Text>
              <Group gap="sm">
                <Button variant="light" loading={downloading === 'csv'} onClick={() => void download('csv')}>
                  Download CSV
                </Button>
                <Button variant="light" loading={downloading === 'pdf'} onClick={() => void download('pdf')}>
                  Download PDF
                </Button>
              </Group>
            </Group>
            <Group gap="xs" role="group" aria-label="View">
              <Button
                variant={shown.view === 'statement' ? 'filled' : 'default'}
                aria-pressed={shown.view === 'statement'}
                onClick={() => showView('statement')}
              >
                Statement
              </Button>
              <Button variant={shown.view === 'ledger' ? 'filled' : 'default'} aria-pressed={shown.view === 'ledger'} onClick={() => showView('ledger')}>
                Ledger (every correction)
              </Button>
            </Group>
            <StatementFigures statement={data!} />
            <StatementLines statement={data!} caption={`Statement lines, page ${shown.page} of ${pages}`} />
            <StatementPager page={shown.page} pages={pages} onPage={goTo} />
          </Stack>
        )}
      </Stack>
    </PageFrame>
  );
}
