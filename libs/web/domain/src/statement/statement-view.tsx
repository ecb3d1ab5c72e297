import { Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { STATEMENT_KIND_LABELS, STATEMENT_PAGE_SIZE, StatementTexts, statementRangeSchema, type Statement } from '@freight/contracts';
import { formatDate, formatMoney } from '@freight/web-kit';

// A consignee's statement of account as the screens show it: the Head's (the accounts remote) and
// the consignee's own Accounts Area (the client portal) read the same call and show it alike.

const money = (amount: string) => (amount === '' ? '' : formatMoney(amount));

/** The range's figures: opening balance, total debit, total credit, closing balance, in Rs. */
export function StatementFigures({ statement }: { statement: Statement }) {
  const figures: [string, string][] = [
    ['Opening balance', statement.openingBalance],
    ['Total debit', statement.totalDebit],
    ['Total credit', statement.totalCredit],
    ['Closing balance', statement.closingBalance],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" spacing="sm" m={0}>
      {figures.map(([label, amount]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700}>
            {formatMoney(amount)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** This page's invoices and payments in date order with the running balance; a sentence when there are none. */
export function StatementLines({ statement, caption }: { statement: Statement; caption: string }) {
  if (statement.lineCount === 0) return <Text>{StatementTexts.noLines}</Text>;
  return (
    // Seven columns do not fit a phone: the table scrolls sideways in its own box, which the keyboard can reach and scroll.
    <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table striped withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {['Date', 'Type', 'Reference', 'Details'].map((header) => (
              <Table.Th key={header} scope="col">
                {header}
              </Table.Th>
            ))}
            {['Debit', 'Credit', 'Balance'].map((header) => (
              <Table.Th key={header} scope="col" ta="right">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.lines.map((line, i) => (
            <Table.Tr key={`${line.date}-${line.reference}-${i}`}>
              <Table.Td>{formatDate(line.date)}</Table.Td>
              <Table.Td>{STATEMENT_KIND_LABELS[line.kind]}</Table.Td>
              <Table.Td>{line.reference}</Table.Td>
              <Table.Td>{line.details}</Table.Td>
              <Table.Td ta="right">{money(line.debit)}</Table.Td>
              <Table.Td ta="right">{money(line.credit)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** How many pages a statement's lines take (50 a page). */
export const statementPages = (statement: Pick<Statement, 'lineCount'> | undefined) =>
  statement ? Math.max(1, Math.ceil(statement.lineCount / STATEMENT_PAGE_SIZE)) : 1;

/** Previous / "Page X of Y" / Next under a statement; nothing when it fits one page. */
export function StatementPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Group gap="sm" component="nav" aria-label="Statement pages">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Text>
        Page {page} of {pages}
      </Text>
      <Button variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </Group>
  );
}

/** Today and the first day of its year, `YYYY-MM-DD`, in the browser's calendar: a statement's range at first. */
export function defaultStatementRange(now = new Date()): { from: string; to: string } {
  const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { from: day(new Date(now.getFullYear(), 0, 1)), to: day(now) };
}

/** A statement's range as the form holds it: `YYYY-MM-DD` each. */
export type StatementRange = { from: string; to: string };
/** What is wrong with a range's dates, each under its field's name; empty when it may be shown. */
export type StatementRangeErrors = Partial<Record<keyof StatementRange, string>>;

/** The range's problems by the contracts' rule (both dates, From not after To, …): the first one of each field. */
export function statementRangeErrors(range: StatementRange): StatementRangeErrors {
  const parsed = statementRangeSchema.safeParse(range);
  const problems: StatementRangeErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path[0] as keyof StatementRange] ??= issue.message;
  return problems;
}

/** The From and To dates and the Show Statement button, inside the caller's form (whose submit shows the statement). */
export function StatementRangeFields({
  range,
  errors,
  onChange,
}: {
  range: StatementRange;
  errors: StatementRangeErrors;
  onChange: (range: StatementRange) => void;
}) {
  return (
    <>
      <TextInput
        type="date"
        label="From"
        value={range.from}
        onChange={(event) => onChange({ ...range, from: event.currentTarget.value })}
        error={errors.from}
      />
      <TextInput type="date" label="To" value={range.to} onChange={(event) => onChange({ ...range, to: event.currentTarget.value })} error={errors.to} />
      <Button type="submit" mt={25}>
        Show Statement
      </Button>
    </>
  );
}
