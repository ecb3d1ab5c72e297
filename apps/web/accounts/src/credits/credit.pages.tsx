import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Credit } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, PageFrame, callApi, formatMoney } from '@freight/web-kit';
import { accountsPath } from '../paths.js';
import { CreditTexts, EDIT_REDIRECT_MS } from '../texts.js';
import { CreditForm, EMPTY_CREDIT, creditBody, type CreditFormValues } from './credit-form.js';
import { CREDITS_KEY } from './credit-records.page.js';

const backToRecords = (
  <Button component={Link} to={accountsPath('viewcredit')} variant="default">
    Credit Records
  </Button>
);

/** Reload the credit records (and the debit summaries, whose credits changed) after a write. */
function useCreditsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [CREDITS_KEY] });
}

/** "{server's message} Voucher No. {n}, balance owed now {Rs.}": what a saved credit says. */
const savedText = (reply: { message: string; credit: Credit; updatedBalance: string }) =>
  `${reply.message} Voucher No. ${reply.credit.credit_sr}. Balance owed by ${reply.credit.consigneeName.consigneeName}: ${formatMoney(reply.updatedBalance)}.`;

/** Add Credit Payment (/admindashboard/accounts/creditpayment, Head): a payment, numbered by the voucher counter. */
export function AddCreditPage() {
  const changed = useCreditsChanged();
  return (
    <PageFrame title="Add Credit Payment">
      <CreditForm
        mode="add"
        initial={EMPTY_CREDIT}
        submitLabel="Add Credit Payment"
        failedText={CreditTexts.addFailed}
        back={backToRecords}
        onSave={async (values) => {
          const reply = await callApi(api.creditsAdd, { body: { consigneeName: values.consigneeName, ...creditBody(values) } });
          await changed();
          return savedText(reply);
        }}
      />
    </PageFrame>
  );
}

const formValuesOf = (credit: Credit): CreditFormValues => ({
  consigneeName: credit.consigneeName.consigneeName,
  paymentType: credit.paymentType,
  chequeNumber: credit.chequeNumber,
  amount: credit.amount,
  date: credit.date,
  remarks: credit.remarks,
});

/**
 * Edit Credit (/admindashboard/accounts/editcredit/{id}, Head; requirements 02 §4): payment type, amount,
 * cheque number, remarks (and the day). Once saved it says so and, 1,500 ms later, goes to the
 * credit records (requirements decisions §2: not the absent credits/view).
 */
export function EditCreditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const changed = useCreditsChanged();
  const credit = useQuery({
    queryKey: [CREDITS_KEY, 'one', id],
    queryFn: ({ signal }) => callApi(api.creditsGet, { params: { id } }, { signal }),
    retry: false,
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <PageFrame title="Edit Credit">
      {credit.isPending ? (
        <LoadingNotice />
      ) : credit.isError ? (
        <ErrorNotice>{CreditTexts.loadFailed}</ErrorNotice>
      ) : (
        <CreditForm
          mode="edit"
          initial={formValuesOf(credit.data.credit)}
          fixed={
            <Group gap="lg">
              <Text>
                Voucher No. <strong>{credit.data.credit.credit_sr}</strong>
              </Text>
              <Text>
                Consignee: <strong>{credit.data.credit.consigneeName.consigneeName}</strong>
              </Text>
            </Group>
          }
          submitLabel="Update Credit"
          failedText={CreditTexts.updateFailed}
          back={backToRecords}
          onSave={async (values) => {
            const reply = await callApi(api.creditsEdit, { params: { id }, body: creditBody(values) });
            await changed();
            return reply.message;
          }}
          afterSave={() => {
            timer.current = setTimeout(() => navigate(accountsPath('viewcredit')), EDIT_REDIRECT_MS);
          }}
        />
      )}
    </PageFrame>
  );
}
