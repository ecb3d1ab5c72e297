import { Suspense, lazy, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, callApi, formatMoney, serverMessage } from '@freight/web-kit';
import { accountsPath } from '../paths.js';
import { monthLabel } from './month-label.js';

// The chart library loads only when the figures are on the hub (ADR 37): the tiles never wait for it.
const ReceivablesCharts = lazy(() => import('./receivables-charts.js'));

const statementOf = (consigneeId: string) => `${accountsPath('statement')}?consignee=${encodeURIComponent(consigneeId)}`;

/** A table of a name and its amounts, the amounts right-aligned in Rs. (the charts' figures, exact). */
function FiguresTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: { key: string; label: ReactNode; amounts: string[] }[] }) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, i) => (
              <Table.Th key={header} scope="col" ta={i === 0 ? undefined : 'right'}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.label}</Table.Td>
              {row.amounts.map((amount, i) => (
                <Table.Td key={i} ta="right">
                  {formatMoney(amount)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Receivables at a glance, under the hub's tiles (issue 10): what consignees owe in all, the ten
 * who owe most (each a link to their statement) and what was invoiced and paid in each of the last
 * twelve months, as charts; the same figures as tables beside them, exact to the cent, for screen
 * readers and anyone who wants the numbers.
 */
export function ReceivablesAtAGlance() {
  const titleId = useId();
  const receivables = useQuery({ queryKey: ['accounts', 'receivables'], queryFn: ({ signal }) => callApi(api.accountsReceivables, undefined, { signal }) });
  const data = receivables.data;
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md" maw={1100}>
      <Title order={3} id={titleId}>
        Receivables at a glance
      </Title>
      {receivables.isPending ? (
        <LoadingNotice />
      ) : receivables.isError ? (
        <ErrorNotice>{serverMessage(receivables.error, 'The receivables could not be loaded. Please try again.')}</ErrorNotice>
      ) : (
        <>
          <Group gap="xl" wrap="wrap">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Total owed
              </Text>
              <Text size="xl" fw={700}>
                {formatMoney(data!.totalOwed)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Consignees owing
              </Text>
              <Text size="xl" fw={700}>
                {data!.consigneesOwing}
              </Text>
            </Stack>
          </Group>
          <Suspense fallback={<LoadingNotice />}>
            <ReceivablesCharts receivables={data!} />
          </Suspense>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder padding="sm">
              <FiguresTable
                caption={`Top ${data!.top.length} consignees by balance`}
                headers={['Consignee', 'Balance']}
                rows={data!.top.map((row) => ({
                  key: row.consignee_id,
                  label: (
                    <Text component={Link} to={statementOf(row.consignee_id)} c="blue.8" td="underline">
                      {row.consigneeName}
                    </Text>
                  ),
                  amounts: [row.balance],
                }))}
              />
              {data!.top.length === 0 && <Text c="dimmed">No consignee owes anything.</Text>}
            </Card>
            <Card withBorder padding="sm">
              <FiguresTable
                caption="Invoiced and paid per month"
                headers={['Month', 'Invoiced', 'Paid']}
                rows={data!.months.map((row) => ({ key: row.month, label: monthLabel(row.month), amounts: [row.invoiced, row.credited] }))}
              />
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
