import { useState, type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, type InvoicedShipment, type Job } from '@freight/contracts';
import { PageFrame, callApi, confirmAction, formatDate, formatMoney, isApiError, textOrNA } from '@freight/web-kit';
import { MoneyInput, OutcomeAlert, type Outcome } from '../form-parts.js';
import { DebitTexts } from '../texts.js';
import { DEBITS_KEY } from './debit-records.page.js';

interface DebitForm {
  jobNo: string;
  invoiceNo: string;
  invoiceAmount: string;
  invoiceDate: string;
}
type Problems = Partial<Record<keyof DebitForm, string>>;

const EMPTY: DebitForm = { jobNo: '', invoiceNo: '', invoiceAmount: '', invoiceDate: '' };

/** The form's rules, in the spec's words (spec 02 §5): each field's first problem, under the field. */
export function debitProblems(form: DebitForm): Problems {
  const problems: Problems = {};
  if (!form.jobNo.trim()) problems.jobNo = DebitTexts.jobNoRequired;
  if (!form.invoiceNo.trim()) problems.invoiceNo = DebitTexts.invoiceNoRequired;
  if (!form.invoiceAmount.trim()) problems.invoiceAmount = DebitTexts.amountRequired;
  else if (!Number.isFinite(Number(form.invoiceAmount))) problems.invoiceAmount = DebitTexts.amountNotNumber;
  if (!form.invoiceDate) problems.invoiceDate = DebitTexts.dateRequired;
  return problems;
}

/** What a failed debit says (spec 02 §8): 404 "Shipment not found.", else "Error: {message}" or the fallback. */
function debitErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 404) return DebitTexts.shipmentNotFound;
  return isApiError(error) && error.fromServer && error.message ? DebitTexts.error(error.message) : DebitTexts.addFailed;
}

/** The job's invoice so far, as the accounts service (the source of truth) lists it, or null. */
async function currentInvoice(jobNo: string): Promise<InvoicedShipment | null> {
  const invoiced = await callApi(api.shipmentsInvoicedshipments, { query: { q: jobNo, page: 1, pageSize: 10 } });
  return invoiced.items.find((row) => row.jobNo.toLowerCase() === jobNo.toLowerCase()) ?? null;
}

/**
 * Add Debit Payment (/admindashboard/accounts/debitpayment, Head; spec 02 §2, §4, §5): an invoice on
 * a job. "Find Shipment" shows the job first; a job that has an invoice gets it replaced and the
 * consignee's balance moves by the difference (the service decides; its reply says the new balance),
 * after the Head confirms the replacement, which names the invoice and amount it replaces.
 */
export function AddDebitPage() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<DebitForm>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [job, setJob] = useState<{ job: Job; invoice: InvoicedShipment | null } | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof DebitForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    if (field === 'jobNo') setJob(null);
  };

  const find = async () => {
    setLookupError(null);
    setJob(null);
    try {
      const jobNo = form.jobNo.trim();
      // The job (shipment service) and its invoice so far (accounts service: the source of truth).
      const [reply, invoice] = await Promise.all([callApi(api.shipmentsSearchworklist, { params: { jobNo } }), currentInvoice(jobNo)]);
      const found = reply.results[0];
      if (found) setJob({ job: found, invoice });
      else setLookupError(DebitTexts.shipmentNotFound);
    } catch (error) {
      setLookupError(isApiError(error) && error.status === 404 ? DebitTexts.shipmentNotFound : DebitTexts.shipmentLookupFailed);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = debitProblems(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const jobNo = form.jobNo.trim();
      // Asked afresh: the Head may not have pressed Find Shipment, or the invoice changed since.
      const replaced = await currentInvoice(jobNo);
      const replacing = { invoiceNo: form.invoiceNo.trim(), amount: formatMoney(form.invoiceAmount.trim()) };
      if (
        replaced &&
        !(await confirmAction(DebitTexts.confirmReplace(jobNo, { invoiceNo: replaced.invoiceNo, amount: formatMoney(replaced.invoiceAmount) }, replacing)))
      )
        return;
      const reply = await callApi(api.shipmentsAdddebit, {
        params: { jobNo },
        body: { invoiceNo: form.invoiceNo.trim(), invoiceAmount: form.invoiceAmount.trim(), invoiceDate: form.invoiceDate },
      });
      if (reply.success !== true) {
        setOutcome({ ok: false, text: (reply as { message?: string }).message || DebitTexts.unexpectedReply });
        return;
      }
      setOutcome({ ok: true, text: DebitTexts.added(reply.message, formatMoney(reply.updatedBalance)) });
      setForm(EMPTY);
      setJob(null);
      await queryClient.invalidateQueries({ queryKey: [DEBITS_KEY] });
    } catch (error) {
      // The server's field problems go under their fields; the message above the form says what failed.
      if (isApiError(error) && error.details) setProblems(error.details as Problems);
      setOutcome({ ok: false, text: debitErrorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title="Add Debit Payment">
      <Stack maw={720}>
        <OutcomeAlert outcome={outcome} />
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Job Number"
                required
                value={form.jobNo}
                onChange={(event) => change('jobNo')(event.currentTarget.value)}
                error={problems.jobNo}
              />
              <Button variant="light" onClick={() => void find()} disabled={!form.jobNo.trim()}>
                Find Shipment
              </Button>
            </Group>
            {lookupError && <Text c="red.8">{lookupError}</Text>}
            {job && <JobSummary {...job} />}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Invoice No"
                required
                value={form.invoiceNo}
                onChange={(event) => change('invoiceNo')(event.currentTarget.value)}
                error={problems.invoiceNo}
              />
              <MoneyInput label="Invoice Amount" value={form.invoiceAmount} onChange={change('invoiceAmount')} error={problems.invoiceAmount} />
              <TextInput
                label="Invoice Date"
                required
                type="date"
                value={form.invoiceDate}
                onChange={(event) => change('invoiceDate')(event.currentTarget.value)}
                error={problems.invoiceDate}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={busy}>
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
function JobSummary({ job, invoice }: { job: Job; invoice: InvoicedShipment | null }) {
  const rows: [string, string][] = [
    ['Job No', job.jobNo],
    ['Consignee', job.consigneeName.consigneeName],
    ['Origin', job.originPort.OriginPortName],
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
