import { parse } from 'csv-parse/sync';
import type { Branch, LoginResponse, User } from '@freight/contracts';
import { adminQuery } from '@freight/server-testing';
import { HEAD, Stack } from '../testing/gateway-stack.js';

// Four rows a chunk: the two dozen branches below come back in six chunks and more.
const CHUNK_ROWS = 4;
let stack: Stack;
let head: LoginResponse;
let employee: LoginResponse;
const call = (...args: Parameters<Stack['gateway']['call']>) => stack.gateway.call(...args);

/** The export as bytes and as the text after the BOM, with its status and headers. */
async function download(path: string, token?: string) {
  const response = await fetch(`${stack.gateway.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: Object.fromEntries(response.headers), bytes, text: bytes.subarray(3).toString('utf8') };
}

/** Records of a CSV file, as a spreadsheet reads them. */
const records = (text: string): string[][] => parse(text, { relax_column_count: false });

/** A cell as the export writes it: one that a spreadsheet would run as a formula prefixed with '. */
const asText = (cell: string) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell);

const branchBody = (city: string, location: string, code: string, contact = '031 222 3333') => ({
  BranchCity: city,
  Location: location,
  Contact: contact,
  Code: code,
});

beforeAll(async () => {
  stack = await Stack.start({ EXPORT_CHUNK_ROWS: CHUNK_ROWS });
  head = await stack.gateway.login(HEAD.username, HEAD.password);
  employee = await stack.addUser(head.token, 'emp1', 'Employee');
  const bodies = [
    branchBody('Galle', 'Harbour road, "North" gate', 'GAL'),
    branchBody('Formula A', '=HYPERLINK("http://evil.example")', 'FA'),
    branchBody('Formula B', '@SUM(A1:A2)', 'FB'),
    branchBody('Formula C', '-2+3', 'FC'),
    branchBody('Formula D', 'Plus road', 'FD', '+94 31 222 3333'),
    branchBody('Ürümqi', 'Straße 5, 東京', 'URU'),
    ...Array.from({ length: 18 }, (_, i) => branchBody(`Town ${String(i).padStart(2, '0')}`, `Port road ${i % 5}`, `T${i}`)),
  ];
  for (const body of bodies) expect((await call('POST', '/api/branches/add', { token: head.token, body })).status).toBe(201);
  // No form takes a line break in a branch; a value from elsewhere may hold one all the same.
  await adminQuery(
    stack.services.byName.directory.database,
    `INSERT INTO directory.branch (city, location, contact, code) VALUES ('Multiline', E'line one\\nline two', '031', 'ML')`,
  );
}, 120_000);

afterAll(() => stack?.stop());

describe('GET /api/<list>/export.csv', () => {
  it('streams every branch across many chunks, in the list order, as the list columns, in UTF-8 with a BOM', async () => {
    const reply = await download('/api/branches/export.csv', employee.token);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['x-accel-buffering']).toBe('no');
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="branches-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...reply.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = records(reply.text);
    expect(header).toEqual(['Branch Name', 'Location', 'Contact', 'Branch Code']);
    const list = (await call('GET', '/api/branches/all', { token: employee.token })).body as Branch[];
    expect(list.length).toBeGreaterThan(6 * CHUNK_ROWS);
    expect(rows.map((row) => row[0])).toEqual(list.map((branch) => branch.BranchCity));
    expect(rows.find((row) => row[0] === 'Ürümqi')).toEqual(['Ürümqi', 'Straße 5, 東京', '031 222 3333', 'URU']);
  });

  it('honours the search and the sort of the list', async () => {
    const query = 'q=port%20road&sort=Location&order=desc';
    const list = (await call('GET', `/api/branches/all?${query}`, { token: employee.token })).body as Branch[];
    expect(list.length).toBe(18);
    const [, ...rows] = records((await download(`/api/branches/export.csv?${query}`, employee.token)).text);
    expect(rows).toEqual(list.map((branch) => [branch.BranchCity, branch.Location, branch.Contact, branch.Code]));
    const [, ...none] = records((await download('/api/branches/export.csv?q=nowhere', employee.token)).text);
    expect(none).toEqual([]);
  });

  it('quotes every field: commas, quotes and line breaks stay inside their cell', async () => {
    const { text } = await download('/api/branches/export.csv?q=e', employee.token);
    expect(text).toContain('"Galle","Harbour road, ""North"" gate","031 222 3333","GAL"\r\n');
    expect(text).toContain('"Multiline","line one\nline two","031","ML"\r\n');
    expect(records(text)).toContainEqual(['Multiline', 'line one\nline two', '031', 'ML']);
  });

  it('escapes a cell that starts with =, +, - or @, so a spreadsheet shows it as text', async () => {
    const [, ...rows] = records((await download('/api/branches/export.csv?q=formula', employee.token)).text);
    expect(rows).toEqual([
      ['Formula A', `'=HYPERLINK("http://evil.example")`, '031 222 3333', 'FA'],
      ['Formula B', "'@SUM(A1:A2)", '031 222 3333', 'FB'],
      ['Formula C', "'-2+3", '031 222 3333', 'FC'],
      ['Formula D', 'Plus road', "'+94 31 222 3333", 'FD'],
    ]);
  });

  it('exports users with their columns, the branch as its city', async () => {
    const reply = await download('/api/users/export.csv?sort=username', employee.token);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(/filename="users-/);
    const [header, ...rows] = records(reply.text);
    expect(header).toEqual(['Username', 'Fullname', 'Email', 'Branch', 'Contact', 'Role', 'Department']);
    const list = (await call('GET', '/api/users/all?sort=username', { token: employee.token })).body as User[];
    expect(rows).toEqual(
      list.map((user) => [user.username, user.fullName, user.email, user.branchCity.BranchCity, asText(user.contact), user.role, user.department]),
    );
    expect(rows.map((row) => row[0])).toEqual(['emp1', 'head']);
    expect(rows[0]![3]).toBe('Colombo');
  });

  it('needs a valid token: 401 as JSON, no CSV', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const reply = await call('GET', '/api/users/export.csv', token ? { token } : {});
      expect(reply.status).toBe(401);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.body.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 400 with the reason for a control character, an overlong search, an unknown sort or order', async () => {
    const cases: [string, RegExp][] = [
      ['q=a%00b', /control characters/],
      ['q=a%1Bb', /control characters/],
      [`q=${'x'.repeat(5000)}`, /at most 100 characters/],
      ['sort=password', /sort must be one of: BranchCity, Location, Contact, Code/],
      ['order=sideways', /order must be asc or desc/],
    ];
    for (const [query, message] of cases) {
      const reply = await call('GET', `/api/branches/export.csv?${query}`, { token: employee.token });
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expect(reply.body.message).toMatch(message);
    }
  });

  it('keeps every other route of the list where it was', async () => {
    await expect(call('GET', '/api/branches/get/Galle', { token: employee.token })).resolves.toMatchObject({ status: 200, body: { BranchCity: 'Galle' } });
    await expect(call('GET', '/api/branches/search/export.csv', { token: employee.token })).resolves.toMatchObject({ status: 200, body: { branches: [] } });
  });
});
