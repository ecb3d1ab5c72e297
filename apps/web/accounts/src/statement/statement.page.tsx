import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STATEMENT_KIND_LABELS, STATEMENT_PAGE_SIZE, StatementTexts, api, statementRangeSchema, type Statement } from '@freight/contracts';
import {
  ErrorNotice,
  LoadingNotice,
  PageFrame,
  SEARCH_DEBOUNCE_MS,
  callApi,
  downloadFile,
  formatDate,
  formatMoney,
  serverMessage,
  toastError,
} from '@freight/web-kit';

/** Today and the first day of its year, `YYYY-MM-DD`, in the browser's calendar. */
function defaultRange(now = new Date()): { from: string; to: string } {
  const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { from: day(new Date(now.getFullYear(), 0, 1)), to: day(now) };
}

const money = (amount: string) => (amount === '' ? '' : formatMoney(amount));

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

function Figures({ statement }: { statement: Statement }) {
  const figures: [string, string][] = [
    ['Opening balance', statement.openingBalance],
    ['Total debit', statement.totalDebit],
    ['Total credit', statement.totalCredit],
    ['Closing balance', statement.closingBalance],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" spacing="sm" m={0}>
      {figures.map(([label, amount]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700}>
            {formatMoney(amount)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function Lines({ statement, caption }: { statement: Statement; caption: string }) {
  if (statement.lineCount === 0) return <Text>{StatementTexts.noLines}</Text>;
  return (
    // Seven columns do not fit a phone: the table scrolls sideways in its own box, which the keyboard can reach and scroll.
    <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table striped withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {['Date', 'Type', 'Reference', 'Details'].map((header) => (
              <Table.Th key={header} scope="col">
                {header}
              </Table.Th>
            ))}
            {['Debit', 'Credit', 'Balance'].map((header) => (
              <Table.Th key={header} scope="col" ta="right">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.lines.map((line, i) => (
            <Table.Tr key={`${line.date}-${line.reference}-${i}`}>
              <Table.Td>{formatDate(line.date)}</Table.Td>
              <Table.Td>{STATEMENT_KIND_LABELS[line.kind]}</Table.Td>
              <Table.Td>{line.reference}</Table.Td>
              <Table.Td>{line.details}</Table.Td>
              <Table.Td ta="right">{money(line.debit)}</Table.Td>
              <Table.Td ta="right">{money(line.credit)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Statement of Account (/admindashboard/accounts/statement, Head; issue 10): a consignee and a
 * range, then the opening balance, every invoice and payment in date order with the running
 * balance (50 a page, paged by the server), the closing balance, and the same as CSV or PDF. What
 * is shown lives in the address (`?consignee=&from=&to=&page=`), so the receivables' top
 * consignees link straight to their statement and a statement can be bookmarked.
 */
export function StatementPage() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange();
  const shown = {
    consignee: params.get('consignee'),
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    page: Number(params.get('page') ?? '1') || 1,
  };
  const [draft, setDraft] = useState({ consignee: shown.consignee, from: shown.from, to: shown.to });
  const [errors, setErrors] = useState<Partial<Record<'consignee' | 'from' | 'to', string>>>({});
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  useEffect(() => setDraft({ consignee: shown.consignee, from: shown.from, to: shown.to }), [shown.consignee, shown.from, shown.to]);

  const statement = useQuery({
    queryKey: ['accounts', 'statement', shown.consignee, shown.from, shown.to, shown.page],
    queryFn: ({ signal }) =>
      callApi(
        api.accountsStatement,
        { params: { consignee_id: shown.consignee! }, query: { from: shown.from, to: shown.to, page: shown.page, pageSize: STATEMENT_PAGE_SIZE } },
        { signal },
      ),
    enabled: Boolean(shown.consignee),
    placeholderData: keepPreviousData,
  });

  const show = () => {
    const range = statementRangeSchema.safeParse({ from: draft.from, to: draft.to });
    const problems: typeof errors = {};
    if (!draft.consignee) problems.consignee = 'Choose a consignee';
    if (!range.success) for (const issue of range.error.issues) problems[issue.path[0] as 'from' | 'to'] ??= issue.message;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setParams({ consignee: draft.consignee!, from: draft.from, to: draft.to, page: '1' });
  };

  const download = async (kind: 'csv' | 'pdf') => {
    if (!shown.consignee) return;
    setDownloading(kind);
    try {
      const route = kind === 'csv' ? api.accountsStatementExport : api.accountsStatementPdf;
      await downloadFile(route, { from: shown.from, to: shown.to }, `statement.${kind}`, { consignee_id: shown.consignee });
    } catch (failure) {
      toastError(serverMessage(failure, `The statement could not be downloaded. Please try again.`));
    } finally {
      setDownloading(null);
    }
  };

  const goTo = (page: number) => setParams({ consignee: shown.consignee!, from: shown.from, to: shown.to, page: String(page) });
  const data = statement.data;
  const pages = data ? Math.max(1, Math.ceil(data.lineCount / STATEMENT_PAGE_SIZE)) : 1;
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
            <TextInput
              type="date"
              label="From"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
              error={errors.from}
            />
            <TextInput type="date" label="To" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })} error={errors.to} />
            <Button type="submit" mt={25}>
              Show Statement
            </Button>
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
            <Figures statement={data!} />
            <Lines statement={data!} caption={`Statement lines, page ${shown.page} of ${pages}`} />
            {pages > 1 && (
              <Group gap="sm" component="nav" aria-label="Statement pages">
                <Button variant="default" disabled={shown.page <= 1} onClick={() => goTo(shown.page - 1)}>
                  Previous page
                </Button>
                <Text>
                  Page {shown.page} of {pages}
                </Text>
                <Button variant="default" disabled={shown.page >= pages} onClick={() => goTo(shown.page + 1)}>
                  Next page
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </PageFrame>
  );
}
