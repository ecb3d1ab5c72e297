import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Group, NativeSelect, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { JOB_FIELD_LABELS, JOB_HISTORY_FIELDS, JOB_HISTORY_PAGE_SIZE, api, formatMoney, type JobHistoryEntry } from '@freight/contracts';
import { ErrorNotice, callApi, formatDate, formatDateTime, formatWeight, serverMessage } from '@freight/web-kit';

/** The query-cache key of a job's history: under 'jobs', which a save and a live job event reload (apps/web/jobs JOBS_KEY). */
const jobHistoryKey = (jobNo: string) => ['jobs', 'history', jobNo] as const;

const DAYS = new Set<JobHistoryEntry['field']>(['date', 'whArrivalDate', 'etd', 'eta', 'deStuff', 'doIssue', 'invoiceDate']);

/** A value as the job's views show it: dates as dd/mm/yyyy, money, kg, Yes/No, Active/Inactive; N/A for none. */
export function historyValueText(field: JobHistoryEntry['field'], value: string | null): string {
  if (value === null || value === '') return 'N/A';
  if (DAYS.has(field)) return formatDate(value);
  if (field === 'invoiceAmount') return formatMoney(value);
  if (field === 'weight') return formatWeight(Number(value));
  if (field === 'proceedToProceeding') return value === 'true' ? 'Yes' : 'No';
  if (field === 'jobStatus' || field === 'statusUpdateToClient') return value === 'true' ? 'Active' : 'Inactive';
  return value;
}

/** The fields to filter by, by label. */
const FIELD_CHOICES = [
  { value: '', label: 'All fields' },
  ...JOB_HISTORY_FIELDS.map((field) => ({ value: field, label: JOB_FIELD_LABELS[field] })).sort((a, b) => a.label.localeCompare(b.label)),
];

/**
 * A job's history for staff (issue 25 §5): who changed what and when, before → after, in the
 * views' words, newest first, a page at a time, one field's changes when chosen.
 */
function JobHistory({ jobNo }: { jobNo: string }) {
  const [page, setPage] = useState(1);
  const [field, setField] = useState('');
  const history = useQuery({
    queryKey: [...jobHistoryKey(jobNo), page, field],
    queryFn: ({ signal }) =>
      callApi(
        api.shipmentsHistory,
        { params: { jobNo }, query: { page, pageSize: JOB_HISTORY_PAGE_SIZE, ...(field && { field: field as JobHistoryEntry['field'] }) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / JOB_HISTORY_PAGE_SIZE));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Field"
          data={FIELD_CHOICES}
          value={field}
          onChange={(event) => {
            setField(event.currentTarget.value);
            setPage(1);
          }}
          maw={280}
        />
        {history.data && (
          <Text size="sm" aria-live="polite">
            {history.data.total === 1 ? '1 change' : `${history.data.total} changes`}
          </Text>
        )}
      </Group>
      {history.isPending ? (
        <Text size="sm">Loading...</Text>
      ) : history.isError ? (
        <ErrorNotice>{serverMessage(history.error, 'Error fetching the history')}</ErrorNotice>
      ) : history.data.items.length === 0 ? (
        <Text size="sm">No changes recorded{field ? ` to ${JOB_FIELD_LABELS[field as JobHistoryEntry['field']]}` : ''}.</Text>
      ) : (
        // A native scroller that takes the focus: on a phone the table scrolls sideways, by keyboard too (axe's scrollable-region-focusable).
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label="Changes, scrolling sideways on a narrow screen">
          <Table striped withTableBorder aria-label={`History of job ${jobNo}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Before</Table.Th>
                <Table.Th scope="col">After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.changedAt)}</Table.Td>
                  <Table.Td>{entry.changedBy ?? 'N/A'}</Table.Td>
                  <Table.Td>{JOB_FIELD_LABELS[entry.field]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{historyValueText(entry.field, entry.before)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{historyValueText(entry.field, entry.after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setPage(page - 1)} disabled={page <= 1} aria-label="Previous page of the history">
            Previous
          </Button>
          <Text size="sm" aria-live="polite">
            Page {page} of {pages}
          </Text>
          <Button variant="default" size="xs" onClick={() => setPage(page + 1)} disabled={page >= pages} aria-label="Next page of the history">
            Next
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const TABS = [
  { id: 'details', label: 'Details' },
  { id: 'history', label: 'History' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * A job's view as two tabs (the WAI-ARIA tabs pattern: arrows, Home and End move between them):
 * its details (`children`) and its history, loaded when that tab is opened. Built of the console's
 * own Mantine parts: Mantine's Tabs would add to the shared entry every remote screen loads (ADR 18).
 */
export function JobTabs({ jobNo, children }: { jobNo: string; children: ReactNode }) {
  const [tab, setTab] = useState<Tab>('details');
  const id = useId();
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1 + TABS.length, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = TABS[to % TABS.length]!.id;
    setTab(next);
    buttons.current[next]?.focus();
  };
  return (
    <div>
      <Group role="tablist" aria-label={`Job ${jobNo}`} gap={0} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {TABS.map(({ id: tabId, label }) => (
          <UnstyledButton
            key={tabId}
            ref={(button: HTMLButtonElement | null) => {
              buttons.current[tabId] = button;
            }}
            role="tab"
            id={`${id}-${tabId}-tab`}
            aria-selected={tab === tabId}
            aria-controls={`${id}-${tabId}-panel`}
            tabIndex={tab === tabId ? 0 : -1}
            onClick={() => setTab(tabId)}
            onKeyDown={move}
            px="md"
            py="xs"
            fw={tab === tabId ? 600 : 400}
            style={{ marginBottom: -1, borderBottom: `2px solid ${tab === tabId ? 'var(--mantine-color-blue-7)' : 'transparent'}` }}
          >
            {label}
          </UnstyledButton>
        ))}
      </Group>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} style={{ paddingTop: 'var(--mantine-spacing-md)' }}>
        {tab === 'details' ? children : <JobHistory jobNo={jobNo} />}
      </div>
    </div>
  );
}
