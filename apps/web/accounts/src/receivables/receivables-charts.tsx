import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatMoney, type Receivables } from '@freight/contracts';
import { monthLabel } from './month-label.js';

/*
 * The receivables' charts (ADR 37: Recharts), in a chunk of their own that the hub loads after
 * its tiles. A bar's length is a Number (a picture of the amount); every figure shown in words, in
 * the tooltips and the tables beside the charts, is exact: the tooltip turns the number back into
 * two decimals, which is exact for amounts of up to 14 digits.
 */

// Mantine's blue 7 and teal 7 (the console's theme).
const INVOICED = '#1c7ed6';
const PAID = '#0ca678';

const asMoney = (value: unknown) => formatMoney(Number(value).toFixed(2));
/** An axis tick: thousands as "k", millions as "M" (the exact figures are in the tooltip and the tables). */
const short = (value: number) => (Math.abs(value) >= 1e6 ? `${value / 1e6}M` : Math.abs(value) >= 1e3 ? `${value / 1e3}k` : String(value));

export default function ReceivablesCharts({ receivables }: { receivables: Receivables }) {
  const top = receivables.top.map((row) => ({ consignee: row.consigneeName, Balance: Number(row.balance) }));
  const months = receivables.months.map((row) => ({ month: monthLabel(row.month), Invoiced: Number(row.invoiced), Paid: Number(row.credited) }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder padding="sm" role="figure" aria-label="Chart: top consignees by balance (the figures are in the table below)">
        <Text fw={600} mb="xs">
          Top consignees by balance
        </Text>
        <ResponsiveContainer width="100%" height={Math.max(160, top.length * 32)}>
          <BarChart data={top} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" tickFormatter={short} fontSize={12} />
            <YAxis type="category" dataKey="consignee" width={110} fontSize={12} />
            <Tooltip formatter={asMoney} />
            <Bar dataKey="Balance" fill={INVOICED} />
          </BarChart>
        </ResponsiveContainer>
      </Card>
      <Card withBorder padding="sm" role="figure" aria-label="Chart: invoiced and paid per month, last 12 months (the figures are in the table below)">
        <Text fw={600} mb="xs">
          Invoiced and paid per month
        </Text>
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={months} margin={{ right: 8 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="month" fontSize={12} />
            <YAxis tickFormatter={short} width={48} fontSize={12} />
            <Tooltip formatter={asMoney} />
            <Legend />
            <Bar dataKey="Invoiced" fill={INVOICED} />
            <Bar dataKey="Paid" fill={PAID} />
          </BarChart>
        </ResponsiveContainer>
      </Card>
    </SimpleGrid>
  );
}
