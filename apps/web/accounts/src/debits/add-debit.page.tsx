import { useState } from 'react';
import { z } from 'zod/mini';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, plainJob, type InvoicedShipment, type PlainJob } from '@freight/contracts';
import { PageFrame, callApi, confirmAction, formatDate, formatMoney, isApiError, textOrNA, useServerForm } from '@freight/web-kit';
import { MoneyInput, OutcomeAlert, outcomeOf } from '../form-parts.js';
import { DebitTexts } from '../texts.js';
import { DEBITS_KEY } from './debit-records.page.js';

interface DebitForm {
  jobNo: string;
  invoiceNo: string;
  invoiceAmount: string;
  invoiceDate: string;
}

const EMPTY: DebitForm = { jobNo: '', invoiceNo: '', invoiceAmount: '', invoiceDate: '' };
const FIELDS = ['jobNo', 'invoiceNo', 'invoiceAmount', 'invoiceDate'] as const;

/** A text that is not blank, sent trimmed. */
const filled = (text: string) => z.string().check(z.trim(), z.minLength(1, text));

/** The form's rules, in the spec's words (requirements 02 §5): each field's first problem, under the field. */
const debitFormSchema = z.object({
  jobNo: filled(DebitTexts.jobNoRequired),
  invoiceNo: filled(DebitTexts.invoiceNoRequired),
  invoiceAmount: filled(DebitTexts.amountRequired).check(z.refine((amount) => Number.isFinite(Number(amount)), DebitTexts.amountNotNumber)),
  invoiceDate: z.string().check(z.minLength(1, DebitTexts.dateRequired)),
});

/** A reply that is not a success: its message (or the catalogue's) is what the form says. */
class RefusedReply extends Error {}

/** What a failed debit says (requirements 02 §8): 404 "Shipment not found.", else "Error: {message}" or the fallback. */
function debitErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 404) return DebitTexts.shipmentNotFound;
  return isApiError(error) && error.fromServer && error.message ? DebitTexts.error(error.message) : DebitTexts.addFailed;
}

/** The job's invoice so far, as the accounts service (the source of truth) lists it, or null. */
async function currentInvoice(jobNo: string): Promise<InvoicedShipment | null> {
  const invoiced = await callApi(api.shipmentsListInvoicedShipments, { query: { q: jobNo, page: 1, pageSize: 10 } });
  return invoiced.items.find((row) => row.jobNo.toLowerCase() === jobNo.toLowerCase()) ?? null;
}

/**
 * Add Debit Payment (/admindashboard/accounts/debitpayment, Head; requirements 02 §2, §4, §5): an invoice on
 * a job. "Find Shipment" shows the job first; a job that has an invoice gets it replaced and the
 * consignee's balance moves by the difference (the service decides; its reply says the new balance),
 * after the Head confirms the replacement, which names the invoice and amount it replaces.
 */
export function AddDebitPage() {
  const queryClient = useQueryClient();
  const [job, setJob] = useState<{ job: PlainJob; invoice: InvoicedShipment | null } | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const { form, submit, formError } = useServerForm<DebitForm>({
    schema: debitFormSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    onSubmit: async ({ jobNo, invoiceNo, invoiceAmount, invoiceDate }) => {
      // Asked afresh: the Head may not have pressed Find Shipment, or the invoice changed since.
      const replaced = await currentInvoice(jobNo);
      const replacing = { invoiceNo, amount: formatMoney(invoiceAmount) };
      if (
        replaced &&
        !(await confirmAction(DebitTexts.confirmReplace(jobNo, { invoiceNo: replaced.invoiceNo, amount: formatMoney(replaced.invoiceAmount) }, replacing)))
      )
        return;
      const reply = await callApi(api.shipmentsAddDebit, { params: { jobNo }, body: { invoiceNo, invoiceAmount, invoiceDate } });
      if (reply.success !== true) throw new RefusedReply((reply as { message?: string }).message || DebitTexts.unexpectedReply);
      setAdded(DebitTexts.added(reply.message, formatMoney(reply.updatedBalance)));
      form.reset(EMPTY);
      setJob(null);
      await queryClient.invalidateQueries({ queryKey: [DEBITS_KEY] });
    },
    // The server's field problems go under their fields; the message above the form says what failed.
    errorText: (error) => (error instanceof RefusedReply ? error.message : debitErrorText(error)),
  });
  const { register } = form;
  const errors = form.formState.errors;
  const jobNo = form.watch('jobNo');

  const find = async () => {
    setLookupError(null);
    setJob(null);
    try {
      const wanted = form.getValues('jobNo').trim();
      // The job (shipment service) and its invoice so far (accounts service: the source of truth).
      const [reply, invoice] = await Promise.all([callApi(api.shipmentsFindJob, { params: { jobNo: wanted } }), currentInvoice(wanted)]);
      const found = reply.results[0];
      if (found) setJob({ job: plainJob(found), invoice });
      else setLookupError(DebitTexts.shipmentNotFound);
    } catch (error) {
      setLookupError(isApiError(error) && error.status === 404 ? DebitTexts.shipmentNotFound : DebitTexts.shipmentLookupFailed);
    }
  };

  return (
    <PageFrame title="Add Debit Payment">
      <Stack maw={720}>
        <OutcomeAlert outcome={outcomeOf(formError, added)} />
        <form
          noValidate
          onSubmit={(event) => {
            setAdded(null);
            void submit(event);
          }}
        >
          <Stack>
            <Group align="flex-end" wrap="wrap">
              <TextInput label="Job Number" required {...register('jobNo', { onChange: () => setJob(null) })} error={errors.jobNo?.message} />
              <Button variant="light" onClick={() => void find()} disabled={!jobNo.trim()}>
                Find Shipment
              </Button>
            </Group>
            {lookupError && <Text c="red.8">{lookupError}</Text>}
            {job && <JobSummary {...job} />}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Invoice No" required {...register('invoiceNo')} error={errors.invoiceNo?.message} />
              <MoneyInput label="Invoice Amount" {...register('invoiceAmount')} error={errors.invoiceAmount?.message} />
              <TextInput label="Invoice Date" required type="date" {...register('invoiceDate')} error={errors.invoiceDate?.message} />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Add Debit Payment
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </PageFrame>
  );
}

/** The job found: whose it is and its invoice so far (a new debit replaces it). */
function JobSummary({ job, invoice }: { job: PlainJob; invoice: InvoicedShipment | null }) {
  const rows: [string, string][] = [
    ['Job No', job.jobNo],
    ['Consignee', job.consigneeName],
    ['Origin', job.originPort],
    ['B/L No', textOrNA(job.blNo)],
    ['Current invoice', invoice ? `${invoice.invoiceNo}, ${formatMoney(invoice.invoiceAmount)}, ${formatDate(invoice.invoiceDate)}` : 'None'],
  ];
  return (
    <dl aria-label={`Shipment ${job.jobNo}`} style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs">
          <Text component="dt" fw={600} size="sm">
            {label}:
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </dl>
  );
}
