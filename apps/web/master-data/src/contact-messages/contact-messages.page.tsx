import { useState } from 'react';
import { Button } from '@mantine/core';
import { ContactTexts, contactMessages, type ContactMessage } from '@freight/contracts';
import { ResourceListPage, callRoute, formatDateTime, toastError, toastSuccess, updateErrorText, type ResourceListConfig } from '@freight/web-kit';

/** A longer message shows its first characters in the list; the full text opens below them. */
export const MESSAGE_PREVIEW_LENGTH = 80;

const WRAPPED = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 360 } as const;

/** The message in its cell: whole when short, else its start, opening to the full text (a native disclosure). */
function MessageText({ message }: { message: string }) {
  if (message.length <= MESSAGE_PREVIEW_LENGTH) return <div style={WRAPPED}>{message}</div>;
  return (
    <details style={WRAPPED}>
      <summary>{message.slice(0, MESSAGE_PREVIEW_LENGTH).trimEnd()}…</summary>
      {message}
    </details>
  );
}

/** Mark handled / Mark not handled, with ContactTexts' confirmation as a toast; the list reloads. */
function HandleButton({ row, refresh }: { row: ContactMessage; refresh: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const handled = !row.handled;
  const label = handled ? 'Mark handled' : 'Mark not handled';
  const mark = async () => {
    setBusy(true);
    try {
      await callRoute(contactMessages.operations.handle, { params: { _id: row._id }, body: { handled } });
      toastSuccess(handled ? ContactTexts.handled : ContactTexts.reopened);
      await refresh();
    } catch (error) {
      toastError(updateErrorText(error, contactMessages.texts.singular));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="light" loading={busy} onClick={() => void mark()} aria-label={`${label}: message from ${row.fullName}`}>
      {label}
    </Button>
  );
}

const config: ResourceListConfig<typeof contactMessages> = {
  resource: contactMessages,
  columns: [
    { header: 'Received', field: 'receivedAt', render: (row) => formatDateTime(row.receivedAt) },
    { header: 'Full Name', field: 'fullName' },
    { header: 'Email', field: 'email', render: (row) => <span style={{ overflowWrap: 'anywhere' }}>{row.email}</span> },
    { header: 'Message', field: 'message', render: (row) => <MessageText message={row.message} /> },
    { header: 'Handled', field: 'handled', render: (row) => (row.handled ? 'Yes' : 'No') },
  ],
  searchLabel: 'Search by name or email',
  filter: {
    label: 'Show',
    param: 'handled',
    options: [
      { value: 'false', label: 'Open messages' },
      { value: 'true', label: 'Handled messages' },
      { value: '', label: 'All messages' },
    ],
    initial: 'false',
  },
  rowActions: (row, refresh) => <HandleButton row={row} refresh={refresh} />,
  texts: { listTitle: 'Contact messages', caption: 'Contact messages' },
};

/**
 * Administrative Tools → Contact messages (Head and Admin): what the public contact form
 * received, newest first, open ones first shown; searched, sorted, filtered and paged on the
 * server, exported as CSV, each marked handled or open again.
 */
export function ContactMessagesPage() {
  return <ResourceListPage config={config} />;
}
