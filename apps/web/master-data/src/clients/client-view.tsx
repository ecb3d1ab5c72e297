import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { can, consignees, shippers, type BalanceChange } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, callRoute, formatDate, formatMoney, textOrNA, titleCase, useSession } from '@freight/web-kit';
import type { ClientKind } from './client-form.js';
import { useCurrentBalance } from './current-balance.js';

type Values = Record<string, unknown>;
const RESOURCES = { consignee: consignees, shipper: shippers } as const;

/** What the view screen shows of each kind, label → value as text. */
const ROWS: Record<ClientKind, readonly [string, (r: Values) => string][]> = {
  consignee: [
    ['Consignee Name', (r) => r.consigneeName as string],
    ['Username', (r) => r.username as string],
    ['Email', (r) => r.email as string],
    ['Additional Emails', (r) => textOrNA((r.additionalEmails as string[]).join(', '))],
    ['Address', (r) => textOrNA(r.address as string)],
    ['Mobile', (r) => textOrNA(r.mobile as string)],
    ['Handling Person', (r) => r.handlingPersonName as string],
    ['Opening Balance', (r) => formatMoney(r.openingBalance as string)],
    // From the accounts service (useCurrentBalance), not the directory's copy.
    ['Current Balance', (r) => r.currentBalance as string],
    ['Remarks', (r) => textOrNA(r.remarks as string)],
  ],
  shipper: [
    ['Shipper Name', (r) => r.shipperName as string],
    ['Username', (r) => r.username as string],
    ['Email', (r) => r.email as string],
    ['Address', (r) => textOrNA(r.address as string)],
    ['Mobile', (r) => textOrNA(r.mobile as string)],
    ['Handling Person', (r) => r.handlingPersonName as string],
    ['Remarks', (r) => textOrNA(r.remarks as string)],
  ],
};

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Every change of the opening balance: who, when, before and after. */
function BalanceHistory({ id }: { id: string }) {
  const history = useQuery({
    queryKey: [consignees.key, 'balance-history', id],
    queryFn: ({ signal }) =>
      callRoute(consignees.operations.balanceHistory, { params: { consignee_id: id } }, { signal }) as Promise<{ changes: BalanceChange[] }>,
  });
  if (history.isPending) return <LoadingNotice />;
  if (history.isError) return <ErrorNotice>Error fetching opening balance changes</ErrorNotice>;
  return (
    // No scroll box of its own (it would need keyboard access): four short columns wrap on a phone.
    <Table striped>
      <Table.Caption>Opening balance changes</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Changed By</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.changes.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={4}>No changes recorded.</Table.Td>
          </Table.Tr>
        )}
        {history.data.changes.map((change) => (
          <Table.Tr key={`${change.changedAt}-${change.after}`}>
            <Table.Td>{`${formatDate(change.changedAt)} ${timeFormat.format(new Date(change.changedAt))}`}</Table.Td>
            <Table.Td>{change.changedBy}</Table.Td>
            <Table.Td>{formatMoney(change.before)}</Table.Td>
            <Table.Td>{formatMoney(change.after)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** `viewconsignee/:consignee_id`, `viewshipper/:shipper_id`: the record (loaded by `search/{id}`, requirements 01 §7), read-only. */
export function ClientViewPage({ kind }: { kind: ClientKind }) {
  const resource = RESOURCES[kind];
  const id = useParams()[`${kind}_id`] ?? '';
  const session = useSession();
  const found = useQuery({
    queryKey: [resource.key, 'view', id],
    queryFn: ({ signal }) => callRoute(resource.operations.search, { params: { [resource.naturalKey]: id } }, { signal }) as Promise<Record<string, Values[]>>,
    retry: false,
  });
  const loaded = found.data?.[resource.texts.plural]?.[0];
  const currentBalance = useCurrentBalance(kind === 'consignee' && found.isSuccess ? id : '', loaded?.openingBalance as string | undefined);
  const record = loaded && (kind === 'consignee' ? { ...loaded, currentBalance } : loaded);
  return (
    <Stack>
      <Title order={2}>{`View ${titleCase(kind)}`}</Title>
      {found.isPending && <LoadingNotice />}
      {found.isError && <ErrorNotice>{`Error fetching ${kind} details`}</ErrorNotice>}
      {found.isSuccess && !record && <ErrorNotice>{`No ${kind} data found`}</ErrorNotice>}
      {record && (
        <Table withRowBorders>
          <Table.Caption>{`${titleCase(kind)} details`}</Table.Caption>
          <Table.Tbody>
            {ROWS[kind].map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value(record)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {record && kind === 'consignee' && <BalanceHistory id={id} />}
      <Group>
        {record && session && can(session.role, resource.area, 'write') && (
          <Button component={Link} to={`../edit${kind}/${encodeURIComponent(id)}`}>
            Edit
          </Button>
        )}
        <Button component={Link} to={`../manage${kind}`} variant="default">
          {`Back to Manage ${titleCase(resource.texts.plural)}`}
        </Button>
      </Group>
    </Stack>
  );
}
