import { useQuery } from '@tanstack/react-query';
import { Group, Text } from '@mantine/core';
import { JobMailTexts, api, type JobMailStatus, type JobMailKind, type MailStatus } from '@freight/contracts';
import { callApi, formatDateTime } from '@freight/web-kit';

/** The query-cache key of a job's e-mails: a send button invalidates it after a send. */
export const jobMailsKey = (jobNo: string) => ['jobMails', jobNo] as const;

/** While the last e-mail is on its way, how often to ask again. */
export const MAIL_STATUS_POLL_MS = 2000;

const KIND_LABEL: Record<JobMailKind, string> = { 'booking-confirmation': 'Booking confirmation', 'updated-data': 'Updated data' };
const STATUS_LABEL: Record<MailStatus, string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
/** Dark shades: the status word stays readable on white (axe-core's contrast rule). */
const STATUS_COLOR: Record<MailStatus, string> = { queued: 'dark.6', sending: 'blue.9', sent: 'teal.9', failed: 'red.9' };

/** The sentence for the last e-mail: what, to whom, when it was asked for, and how it went. */
export function lastMailText(mail: JobMailStatus | undefined): string {
  if (!mail) return JobMailTexts.never;
  const when = formatDateTime(mail.status === 'sent' && mail.sentAt ? mail.sentAt : mail.requestedAt);
  const failure = mail.status === 'failed' && mail.lastError ? `: ${mail.lastError}` : '';
  return `${KIND_LABEL[mail.kind]} e-mail to ${mail.to.join(', ')}, ${when}, by ${mail.requestedBy}${failure}`;
}

/**
 * "Last e-mail" of a job for its views (requirements decisions §3: the job view shows when it was last sent):
 * the newest booking e-mail with its state (Queued, Sending, Sent, Failed with the reason), or
 * "Not sent yet". It asks again every MAIL_STATUS_POLL_MS while that e-mail is queued or sending.
 */
export function LastMailStatus({ jobNo }: { jobNo: string }) {
  const query = useQuery({
    queryKey: jobMailsKey(jobNo),
    queryFn: ({ signal }) => callApi(api.shipmentsMails, { params: { jobNo } }, { signal }),
    refetchInterval: (current) => {
      const last = current.state.data?.mails[0];
      return last && (last.status === 'queued' || last.status === 'sending') ? MAIL_STATUS_POLL_MS : false;
    },
  });
  const last = query.data?.mails[0];
  return (
    <Group gap="xs" wrap="wrap" role="status" aria-live="polite" aria-label="Last e-mail">
      <Text fw={600} size="sm">
        Last e-mail:
      </Text>
      {query.isPending ? (
        <Text size="sm">Loading...</Text>
      ) : query.error ? (
        <Text size="sm" c="red.8">
          {query.error.message}
        </Text>
      ) : (
        <>
          {last && (
            <Text size="sm" fw={700} c={STATUS_COLOR[last.status]}>
              {STATUS_LABEL[last.status]}
            </Text>
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {lastMailText(last)}
          </Text>
        </>
      )}
    </Group>
  );
}
