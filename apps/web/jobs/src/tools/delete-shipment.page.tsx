import { useState } from 'react';
import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { JobTexts, plainJob, type PlainJob } from '@freight/contracts';
import { ErrorNotice, callApi, confirmAndDelete, formatDate, isApiError, textOrNA } from '@freight/web-kit';
import { JobsPage } from '../frame/jobs-page.js';
import { JOBS_KEY, jobRoutes } from '../jobs/job-data.js';

const DETAILS: [string, (job: PlainJob) => string][] = [
  ['Job No', (job) => job.jobNo],
  ['Date', (job) => formatDate(job.date)],
  ['Assigned To', (job) => job.user],
  ['Consignee', (job) => job.consigneeName],
  ['Origin Port', (job) => job.originPort],
  ['Shipment Status', (job) => job.status],
  ['BL No', (job) => textOrNA(job.blNo)],
  ['Container No', (job) => textOrNA(job.containerNo)],
];

/**
 * Delete Shipment (requirements 02 §2, §5, Head): enter a job number, fetch its details, confirm, delete.
 * The fetch button is disabled while the number is empty. A deleted job leaves every list; the
 * service keeps an audit record (requirements decisions §3).
 */
export function DeleteShipmentPage() {
  const queryClient = useQueryClient();
  const [jobNo, setJobNo] = useState('');
  const [found, setFound] = useState<PlainJob[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);

  const fetchDetails = async () => {
    setError(null);
    setFound([]);
    setFetching(true);
    try {
      const reply = await callApi(jobRoutes.shipmentsFindJobToDelete, { params: { jobNo: jobNo.trim() } });
      if (reply.results.length === 0) setError(JobTexts.shipmentNotFound);
      setFound(reply.results.map(plainJob));
    } catch (failure) {
      setError(isApiError(failure) && failure.status === 404 ? JobTexts.shipmentNotFound : JobTexts.shipmentFetchError);
    } finally {
      setFetching(false);
    }
  };

  const remove = (job: PlainJob) =>
    confirmAndDelete({
      question: JobTexts.deleteConfirm,
      remove: async () => {
        await callApi(jobRoutes.shipmentsDelete, { params: { jobNo: job.jobNo } });
        return { message: JobTexts.deleted };
      },
      failureTexts: { notFound: JobTexts.shipmentNotFound, failed: JobTexts.deleteError },
      onDeleted: async () => {
        setFound((jobs) => jobs.filter((other) => other.jobNo !== job.jobNo));
        setJobNo('');
        await queryClient.invalidateQueries({ queryKey: [JOBS_KEY] });
      },
    });

  return (
    <JobsPage title="Delete Shipment">
      <Stack maw={720}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (jobNo.trim()) void fetchDetails();
          }}
        >
          <Group align="flex-end">
            <TextInput label="Job Number" placeholder="IMP-000123" value={jobNo} onChange={(event) => setJobNo(event.currentTarget.value)} />
            <Button type="submit" loading={fetching} disabled={!jobNo.trim()}>
              Fetch Details
            </Button>
          </Group>
        </form>
        {error && <ErrorNotice>{error}</ErrorNotice>}
        {found.map((job) => (
          <Stack key={job.jobNo} gap="sm">
            <Table withTableBorder withColumnBorders aria-label={`Shipment ${job.jobNo}`}>
              <Table.Tbody>
                {DETAILS.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row" w="40%">
                      {label}
                    </Table.Th>
                    <Table.Td>{value(job)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button color="red" onClick={() => void remove(job)}>
                Delete Shipment {job.jobNo}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    </JobsPage>
  );
}
