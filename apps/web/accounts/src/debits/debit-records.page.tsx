import { Link } from 'react-router-dom';
import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, type DebitSummary, type InvoicedShipment } from '@freight/contracts';
import { DataTable, ErrorNotice, PageFrame, callApi, formatDate, formatMoney, textOrNA, useServerList, type Column } from '@freight/web-kit';
import { ConsigneeFilter } from '../consignees.js';
import { accountsPath } from '../paths.js';
import { ACCOUNTS_PAGE_SIZE, DebitTexts } from '../texts.js';

/** The query cache's name of the debit records (a new debit reloads them). */
export const DEBITS_KEY = 'debits';

const COLUMNS: Column<InvoicedShipment>[] = [
  {
    header: 'Job No',
    sortField: 'jobNo',
    sticky: 'start',
    render: (row) => (
      <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {row.jobNo}
      </Text>
    ),
  },
  { header: 'Consignee', sortField: 'consignee', render: (row) => row.consignee },
  { header: 'Invoice No', sortField: 'invoiceNo', render: (row) => row.invoiceNo },
  { header: 'Invoice Amount', sortField: 'invoiceAmount', render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.invoiceAmount)}</span> },
  { header: 'Invoice Date', sortField: 'invoiceDate', render: (row) => formatDate(row.invoiceDate) },
  { header: 'Origin', render: (row) => textOrNA(row.origin) },
  { header: 'Shipper', render: (row) => textOrNA(row.shipperName) },
  { header: 'B/L No', render: (row) => textOrNA(row.blNo) },
  { header: 'Container No', render: (row) => textOrNA(row.containerNo) },
];

// The summary travels beside the rows of a page; the list hook keeps the rows only, so the
// summary is asked once more for one row (the route unpaged keeps the whole reply).
const invoicedWithSummary = { ...api.shipmentsListInvoicedShipments, paged: undefined };

/**
 * Debit Records (/admindashboard/accounts/viewdebit, Head; requirements 02 §2, §3): the invoiced jobs,
 * searched, sorted and paged on the server, newest invoice first; with a consignee chosen, theirs
 * only and their summary: opening balance, total debit, grand total (and credits and what is owed).
 */
export function DebitRecordsPage() {
  const list = useServerList(
    DEBITS_KEY,
    api.shipmentsListInvoicedShipments,
    ACCOUNTS_PAGE_SIZE,
    { consigneeName: '' },
    { sort: { sort: 'invoiceDate', order: 'desc' } },
  );
  const consignee = list.params.filters.consigneeName ?? '';
  const summary = useQuery({
    queryKey: [DEBITS_KEY, 'summary', consignee],
    queryFn: ({ signal }) => callApi(invoicedWithSummary, { query: { consigneeName: consignee, page: 1, pageSize: 1 } }, { signal }),
    enabled: consignee !== '',
  });
  return (
    <PageFrame
      title="Debit Records"
      actions={
        <Button component={Link} to={accountsPath('debitpayment')}>
          Add Debit Payment
        </Button>
      }
    >
      <Stack>
        {consignee && summary.data?.summary && <SummaryCard summary={summary.data.summary} />}
        {consignee && summary.isError && <ErrorNotice>{DebitTexts.listFailed}</ErrorNotice>}
        <DataTable
          list={list}
          columns={COLUMNS}
          rowKey={(row) => row.jobNo}
          caption="Debit records"
          searchLabel="Search by job, invoice, consignee, B/L or container"
          emptyText={DebitTexts.noRecords}
          loadErrorText={DebitTexts.listFailed}
          highlightRows
          toolbar={<ConsigneeFilter list={list} />}
        />
      </Stack>
    </PageFrame>
  );
}

/** One consignee's debit summary (requirements 02 §3): opening, total debit, grand total; then credits and the balance owed. */
function SummaryCard({ summary }: { summary: DebitSummary }) {
  const figures: [string, string][] = [
    ['Opening Balance', summary.openingBalance],
    ['Total Debit', summary.totalDebit],
    ['Grand Total', summary.grandTotal],
    ['Total Credit', summary.totalCredit],
    ['Balance Owed', summary.balance],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-label={`Summary of ${summary.consignee}`}>
      <Text fw={600} mb="xs">
        {summary.consignee}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} component="dl" m={0}>
        {figures.map(([label, amount]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={600} m={0}>
              {formatMoney(amount)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
