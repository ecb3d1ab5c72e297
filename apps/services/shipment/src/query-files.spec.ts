import { readFileSync } from 'node:fs';
import { queryFileDifferences } from '@freight/server-database';
import { QUERY_FILES } from './query-files.js';

const committed = (file: string): string | null => {
  try {
    return readFileSync(new URL(file, import.meta.url), 'utf8');
  } catch {
    return null;
  }
};

// A query changed in the code must be changed in its committed file too: `npm run sql:generate`.
describe.each(QUERY_FILES.map((file) => [file.file, file] as const))('%s', (_, file) => {
  it('is the SQL its module declares', () => {
    expect(queryFileDifferences(file, committed(file.file))).toEqual([]);
  });
});
