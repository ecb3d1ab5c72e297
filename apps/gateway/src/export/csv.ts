import { stringify, type Options } from 'csv-stringify/sync';
import { columnText, type ListColumnDef } from '@freight/contracts';

/** Tells spreadsheets the file is UTF-8 (without it, Excel reads accents as mojibake). */
export const UTF8_BOM = '\uFEFF';

/**
 * Every field quoted, empty ones too (commas, quotes and line breaks inside a cell stay in it), CRLF between
 * records as RFC 4180 and spreadsheets expect, and a cell starting with =, +, -, @, a tab or a
 * carriage return prefixed with ' so that a spreadsheet shows it as text instead of running it.
 */
const CSV_OPTIONS: Options = { quoted: true, quoted_empty: true, escape_formulas: true, record_delimiter: 'windows' };

/** The header record: the columns' labels, after the BOM that starts the file. */
export function csvHeader(columns: readonly ListColumnDef[]): string {
  return UTF8_BOM + stringify([columns.map((column) => column.label)], CSV_OPTIONS);
}

/** One record per row, its cells the columns' text (ListColumnDef `text`, else the field). */
export function csvRecords(rows: readonly unknown[], columns: readonly ListColumnDef[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => columnText(row, column))),
    CSV_OPTIONS,
  );
}
