import { Link } from 'react-router-dom';
import { Button, Group, Text } from '@mantine/core';
import { api, type Credit } from '@freight/contracts';
import { DataTable, PageFrame, callApi, confirmAndDelete, formatDate, formatMoney, textOrNA, useServerList, type Column } from '@freight/web-kit';
import { ConsigneeFilter } from '../consignees.js';
import { accountsPath, editCreditPath } from '../paths.js';
import { ACCOUNTS_PAGE_SIZE, CreditTexts } from '../texts.js';

/** The query cache's name of the credit records (a saved credit reloads them). */
export const CREDITS_KEY = 'credits';

function columns(remove: (credit: Credit) => void): Column<Credit>[] {
  return [
    {
      header: 'Voucher No',
      sortField: 'credit_sr',
      sticky: 'start',
      render: (credit) => (
        <Text fw={600} size="sm">
          {credit.credit_sr}
        </Text>
      ),
    },
    { header: 'Date', sortField: 'date', render: (credit) => formatDate(credit.date) },
    { header: 'Consignee', sortField: 'consignee', render: (credit) => credit.consigneeName.consigneeName },
    { header: 'Payment Type', sortField: 'paymentType', render: (credit) => credit.paymentType },
    { header: 'Cheque No', render: (credit) => textOrNA(credit.chequeNumber) },
    { header: 'Amount', sortField: 'amount', render: (credit) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(credit.amount)}</span> },
    { header: 'Remarks', render: (credit) => textOrNA(credit.remarks) },
    {
      header: 'Actions',
      sticky: 'end',
      render: (credit) => (
        <Group gap={4} wrap="nowrap">
          <Button component={Link} to={editCreditPath(credit._id)} size="compact-xs" variant="light" aria-label={`Edit credit voucher ${credit.credit_sr}`}>
            Edit
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(credit)} aria-label={`Delete credit voucher ${credit.credit_sr}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}

/**
 * Credit Records (/admindashboard/accounts/viewcredit, Head; requirements 02 §2): the payments, newest
 * voucher first, searched, sorted and paged on the server, one consignee's with the filter; each
 * edited or deleted (after a confirmation).
 */
export function CreditRecordsPage() {
  const list = useServerList(CREDITS_KEY, api.creditsList, ACCOUNTS_PAGE_SIZE, { consigneeName: '' }, { sort: { sort: 'credit_sr', order: 'desc' } });
  const remove = (credit: Credit) =>
    void confirmAndDelete({
      question: CreditTexts.confirmDelete(credit.credit_sr),
      remove: () => callApi(api.creditsDelete, { params: { id: credit._id } }),
      failureTexts: { notFound: CreditTexts.deleteFailed, failed: CreditTexts.deleteFailed },
      onDeleted: list.refresh,
    });
  return (
    <PageFrame
      title="Credit Records"
      actions={
        <Button component={Link} to={accountsPath('creditpayment')}>
          Add Credit Payment
        </Button>
      }
    >
      <DataTable
        list={list}
        columns={columns(remove)}
        rowKey={(credit) => credit._id}
        caption="Credit records"
        searchLabel="Search by voucher, consignee, cheque or remarks"
        emptyText={CreditTexts.noRecords}
        loadErrorText={CreditTexts.listFailed}
        highlightRows
        toolbar={<ConsigneeFilter list={list} />}
      />
    </PageFrame>
  );
}
