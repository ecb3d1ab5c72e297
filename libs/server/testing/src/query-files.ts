import { readFileSync } from 'node:fs';
import { queryFileDifferences, type QueryFile } from '@freight/server-database';

/**
 * A test per data-access module of a service: its queries' SQL is the committed file beside it
 * (`file.file`, relative to `base`, the service's `src/` URL). A query changed in the code must be
 * changed in its committed file too: `npm run sql:generate` (docs/adr/0050).
 */
export function describeQueryFiles(files: readonly QueryFile[], base: string): void {
  const committed = (path: string): string | null => {
    try {
      return readFileSync(new URL(path, base), 'utf8');
    } catch {
      return null;
    }
  };
  describe.each(files.map((file) => [file.file, file] as const))('%s', (_, file) => {
    it('is the SQL its module declares', () => {
      expect(queryFileDifferences(file, committed(file.file))).toEqual([]);
    });
  });
}
