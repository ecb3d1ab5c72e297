import { parse } from 'csv-parse/sync';
import { csvHeader, csvRecords, UTF8_BOM } from './csv.js';

const columns = [
  { field: 'name', label: 'Name' },
  { field: 'note', label: 'Note, "quoted"' },
  { field: 'branch', label: 'Branch', text: (row: { branch: { city: string } }) => row.branch.city },
];

describe('CSV cells', () => {
  it('starts the file with the BOM and the labels, every field quoted, records ended by CRLF', () => {
    expect(csvHeader(columns)).toBe(`${UTF8_BOM}"Name","Note, ""quoted""","Branch"\r\n`);
  });

  it('quotes commas, doubles quotes and keeps line breaks inside the cell', () => {
    const text = csvRecords([{ name: 'a,b', note: 'say "hi"', branch: { city: 'line\none' } }], columns);
    expect(text).toBe('"a,b","say ""hi""","line\none"\r\n');
    expect(parse(text)).toEqual([['a,b', 'say "hi"', 'line\none']]);
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+94 11 222 3333', "'+94 11 222 3333"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['a=1', 'a=1'],
    [' =1', ' =1'],
    ['', ''],
  ])('writes %j as %j: only a cell a spreadsheet would run as a formula gets an apostrophe', (value, cell) => {
    expect(parse(csvRecords([{ name: value, note: '', branch: { city: '' } }], columns))[0][0]).toBe(cell);
  });

  it('writes a missing or null field as an empty cell and other values as their text', () => {
    expect(csvRecords([{ name: null, note: 42, branch: { city: 'Ürümqi' } }], columns)).toBe('"","42","Ürümqi"\r\n');
    expect(csvRecords([], columns)).toBe('');
  });
});
