import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Stack, Table } from '@mantine/core';
import { JobTexts, type PlainJob } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, callApi, formatDate, isApiError, textOrNA, toastError, toastSuccess } from '@freight/web-kit';
import { JobTabs, LastMailStatus, jobMailsKey } from '@freight/web-domain/jobs';
import { JobsPage } from '../frame/jobs-page.js';
import { jobLoadErrorText, jobRoutes, useJob } from './job-data.js';
import { useWorklistPath } from './edit-job.page.js';
import type { Side } from './worklist.page.js';

/** The rows of View Job Details (requirements 02 §2), label → value. */
const rowsOf = (job: PlainJob): [string, string][] => [
  ['Job No', job.jobNo],
  ['Direction', job.direction],
  ['Date', formatDate(job.date)],
  ['Assigned To', job.user],
  ['Branch', textOrNA(job.branchCity)],
  ['Consignee', job.consigneeName],
  ['Origin Port', job.originPort],
  ['Type of Shipment', job.typeOfShipment],
  ['Term of Shipment', job.termOfShipment],
  ['Shipment Status', job.status],
  ['Proceed to Proceeding', job.proceedToProceeding ? 'Yes' : 'No'],
  ['Additional Information', textOrNA(job.remarks)],
  ['Personal Information', textOrNA(job.personalRemarks)],
];

/** The booking-confirmation e-mail to the consignee (requirements 02 §7 sendmail); the text says once it is accepted. */
function SendConfirmation({ job }: { job: PlainJob }) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await callApi(jobRoutes.shipmentsSendConfirmationMail, { params: { jobNo: job.jobNo }, body: { typeOfShipment: job.typeOfShipment } });
      toastSuccess(JobTexts.mailSent);
      await queryClient.invalidateQueries({ queryKey: jobMailsKey(job.jobNo) });
    } catch (error) {
      if (!isApiError(error) || !error.answered) toastError(JobTexts.mailError);
      else toastError(error.fromServer && error.message ? `${JobTexts.mailFailed}: ${error.message}` : JobTexts.mailFailed);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={() => void send()} loading={sending}>
      Send Booking Confirm eMail to Consignee
    </Button>
  );
}

/** View Job Details (requirements 02 §2): viewjobadmin/{jobNo}, viewjobemployee/{jobNo}. */
export function ViewJobPage({ side }: { side: Side }) {
  const { jobNo = '' } = useParams();
  const job = useJob(jobNo);
  const worklist = useWorklistPath(side);
  const back = (
    <Button component={Link} to={worklist} variant="default">
      Today Job Inquiry
    </Button>
  );

  return (
    <JobsPage title="View Job Details">
      {job.isPending ? (
        <LoadingNotice />
      ) : job.isError ? (
        <Stack align="flex-start">
          <ErrorNotice>{jobLoadErrorText(job.error)}</ErrorNotice>
          {back}
        </Stack>
      ) : (
        <Stack maw={900}>
          <JobTabs jobNo={job.data.jobNo}>
            <Stack maw={720}>
              <Table withTableBorder withColumnBorders aria-label={`Job ${job.data.jobNo}`}>
                <Table.Tbody>
                  {rowsOf(job.data).map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th scope="row" w="40%">
                        {label}
                      </Table.Th>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <LastMailStatus jobNo={job.data.jobNo} />
            </Stack>
          </JobTabs>
          <Group>
            <SendConfirmation job={job.data} />
            {back}
          </Group>
        </Stack>
      )}
    </JobsPage>
  );
}

export const AdminViewJobPage = () => <ViewJobPage side="admin" />;
export const EmployeeViewJobPage = () => <ViewJobPage side="employee" />;
