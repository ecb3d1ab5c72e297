import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatMoney, type Receivables } from '@freight/contracts';
import { monthLabel } from './month-label.js';

/*
 * The receivables' charts (ADR 37: Mantine Charts, on Recharts), in a chunk of their own that the
 * hub loads after its tiles. A bar's length is a Number (a picture of the amount); every figure
 * shown in words, in the tooltips and the tables beside the charts, is the exact decimal string.
 */

/** A tooltip's amount: the bar's number back to two decimals (exact: amounts have at most 14 digits). */
const asMoney = (value: number) => formatMoney(value.toFixed(2));

export default function ReceivablesCharts({ receivables }: { receivables: Receivables }) {
  const top = receivables.top.map((row) => ({ consignee: row.consigneeName, Balance: Number(row.balance) }));
  const months = receivables.months.map((row) => ({ month: monthLabel(row.month), Invoiced: Number(row.invoiced), Paid: Number(row.credited) }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder padding="sm" role="figure" aria-label="Chart: top consignees by balance (the figures are in the table below)">
        <Text fw={600} mb="xs">
          Top consignees by balance
        </Text>
        <BarChart
          h={Math.max(160, top.length * 32)}
          data={top}
          dataKey="consignee"
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          series={[{ name: 'Balance', color: 'blue.7' }]}
          valueFormatter={asMoney}
          withXAxis={false}
          gridAxis="none"
        />
      </Card>
      <Card withBorder padding="sm" role="figure" aria-label="Chart: invoiced and paid per month, last 12 months (the figures are in the table below)">
        <Text fw={600} mb="xs">
          Invoiced and paid per month
        </Text>
        <BarChart
          h={220}
          data={months}
          dataKey="month"
          series={[
            { name: 'Invoiced', color: 'blue.7' },
            { name: 'Paid', color: 'teal.7' },
          ]}
          valueFormatter={asMoney}
          withLegend
          withYAxis={false}
          tickLine="none"
        />
      </Card>
    </SimpleGrid>
  );
}
