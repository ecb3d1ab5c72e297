import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STATEMENT_PAGE_SIZE, accountsReports, balances, statementPdfRoutes } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, callApi, downloadFile, formatDate, formatMoney, serverMessage, toastError, useClientSession } from '@freight/web-kit';
import {
  StatementFigures,
  StatementLines,
  StatementPager,
  StatementRangeFields,
  defaultStatementRange,
  statementPages,
  statementRangeErrors,
  type StatementRangeErrors,
} from '@freight/web-domain/statement';
import { ClientFrame } from '../frame/client-frame.js';

export const STATEMENT_LOAD_ERROR = 'The statement could not be loaded. Please try again.';
export const BALANCE_LOAD_ERROR = 'The balance could not be loaded. Please try again.';
export const DOWNLOAD_ERROR = 'The statement could not be downloaded. Please try again.';

/** What the consignee owes today (`accounts/balance/{consignee_id}`, their own only). */
function BalanceOwed({ consigneeId }: { consigneeId: string }) {
  const balance = useQuery({
    queryKey: ['client-balance', consigneeId],
    queryFn: ({ signal }) => callApi(balances.routes.accountsBalance, { params: { consignee_id: consigneeId } }, { signal }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-label="Balance owed">
      <Text size="sm" c="dimmed">
        Balance owed
      </Text>
      {balance.isPending ? (
        <Text>Loading...</Text>
      ) : balance.isError ? (
        <Text c="red.9">{serverMessage(balance.error, BALANCE_LOAD_ERROR)}</Text>
      ) : (
        <Text fw={700} size="xl">
          {formatMoney(balance.data.balance.balance)}
        </Text>
      )}
    </Paper>
  );
}

/**
 * Accounts Area (/consigneeaccounts; requirements decisions §2: the consignee's own statement of account):
 * the balance owed, then for a range (from the first of the year to today at first) the opening
 * balance, every invoice and payment with the running balance (50 a page, paged by the server),
 * the closing balance, and the PDF. The range and page live in the address.
 */
export function ConsigneeAccountsPage() {
  const session = useClientSession();
  const consigneeId = session?.clientId ?? '';
  const [params, setParams] = useSearchParams();
  const fallback = defaultStatementRange();
  const shown = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to, page: Number(params.get('page') ?? '1') || 1 };
  const [draft, setDraft] = useState({ from: shown.from, to: shown.to });
  const [errors, setErrors] = useState<StatementRangeErrors>({});
  const [downloading, setDownloading] = useState(false);
  useEffect(() => setDraft({ from: shown.from, to: shown.to }), [shown.from, shown.to]);

  const statement = useQuery({
    queryKey: ['client-statement', consigneeId, shown.from, shown.to, shown.page],
    queryFn: ({ signal }) =>
      callApi(
        accountsReports.routes.accountsStatement,
        { params: { consignee_id: consigneeId }, query: { from: shown.from, to: shown.to, page: shown.page, pageSize: STATEMENT_PAGE_SIZE } },
        { signal },
      ),
    enabled: consigneeId !== '',
    placeholderData: keepPreviousData,
  });

  const show = () => {
    const problems = statementRangeErrors(draft);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setParams({ from: draft.from, to: draft.to, page: '1' });
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(statementPdfRoutes.accountsStatementPdf, { from: shown.from, to: shown.to }, 'statement.pdf', { consignee_id: consigneeId });
    } catch (failure) {
      toastError(serverMessage(failure, DOWNLOAD_ERROR));
    } finally {
      setDownloading(false);
    }
  };

  const data = statement.data;
  const pages = statementPages(data);
  return (
    <ClientFrame title="Accounts Area">
      <BalanceOwed consigneeId={consigneeId} />
      <form
        noValidate
        aria-label="Statement period"
        onSubmit={(event) => {
          event.preventDefault();
          show();
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <StatementRangeFields range={draft} errors={errors} onChange={setDraft} />
        </Group>
      </form>
      {statement.isPending ? (
        <LoadingNotice />
      ) : statement.isError ? (
        <ErrorNotice>{serverMessage(statement.error, STATEMENT_LOAD_ERROR)}</ErrorNotice>
      ) : (
        <Stack gap="md" aria-busy={statement.isFetching}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text fw={600}>
              Statement of Account, {data!.consignee.consigneeName}: {formatDate(data!.from)} to {formatDate(data!.to)}
            </Text>
            <Button variant="light" loading={downloading} onClick={() => void download()}>
              Download PDF
            </Button>
          </Group>
          <StatementFigures statement={data!} />
          <StatementLines statement={data!} caption={`Statement lines, page ${shown.page} of ${pages}`} />
          <StatementPager page={shown.page} pages={pages} onPage={(page) => setParams({ from: shown.from, to: shown.to, page: String(page) })} />
        </Stack>
      )}
    </ClientFrame>
  );
}
