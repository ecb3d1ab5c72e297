import { shippers } from '@freight/contracts';
import { errorOf, headActor as actor, startDirectory, type DirectoryHarness } from '../testing/directory-harness.js';

// Shippers over real NATS against the directory on a fresh Postgres database.
const S = shippers.subjects;
let h: DirectoryHarness;

const shipper = (n: number, over: Record<string, unknown> = {}) => ({
  shipperName: `Ceylon Exports ${n}`,
  username: `ceylon.exports${n}`,
  email: `ship${n}@ceylon.example`,
  address: `${n} Kandy Road`,
  mobile: '081 222 3333',
  handlingPersonName: `Sunil ${n}`,
  password: `lagoon-monsoon-${n}-teacup`,
  ...over,
});
const add = (body: object) => h.client.request(S.add, { actor, body } as never);
const get = (shipper_id: string) => h.client.request(S.get, { actor, params: { shipper_id } });
const update = (shipper_id: string, updateData: object) => h.client.request(S.update, { actor, params: { shipper_id }, body: { updateData } } as never);

beforeAll(async () => {
  h = await startDirectory();
});
afterAll(() => h?.close());

describe('directory.shipper', () => {
  let id: string;

  it('adds a shipper, trimmed, the remarks optional; never answers the password', async () => {
    const reply = await add(shipper(1, { shipperName: ' Ceylon Exports 1 ' }));
    expect(reply).toEqual({
      success: true,
      message: 'Shipper added successfully!',
      shipper: {
        shipper_id: expect.any(String),
        shipperName: 'Ceylon Exports 1',
        username: 'ceylon.exports1',
        email: 'ship1@ceylon.example',
        address: '1 Kandy Road',
        mobile: '081 222 3333',
        handlingPersonName: 'Sunil 1',
        remarks: '',
      },
    });
    id = reply.shipper.shipper_id;
    const [row] = await h.adminQuery(`SELECT password_hash FROM directory.shipper WHERE id = $1`, [id]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each(['shipperName', 'username', 'email', 'address', 'mobile', 'handlingPersonName', 'password'])('requires %s on add (400)', async (field) => {
    const error = await errorOf(add(shipper(9, { [field]: undefined })));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: { [`body.${field}`]: expect.stringMatching(/required/) } });
  });

  it('refuses bad values: e-mail, long name, long remarks, wrong types (400); a name or username taken (409)', async () => {
    await expect(errorOf(add(shipper(9, { email: 'nope' })))).resolves.toMatchObject({ details: { 'body.email': 'Enter a valid email address' } });
    await expect(errorOf(add(shipper(9, { shipperName: 'x'.repeat(101) })))).resolves.toMatchObject({
      details: { 'body.shipperName': 'Shipper name must be at most 100 characters' },
    });
    await expect(errorOf(add(shipper(9, { remarks: 'x'.repeat(2001) })))).resolves.toMatchObject({
      details: { 'body.remarks': 'Remarks must be at most 2000 characters' },
    });
    await expect(errorOf(add(shipper(9, { mobile: 812223333 })))).resolves.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'body.mobile': expect.any(String) },
    });
    await expect(errorOf(add(shipper(2, { shipperName: 'CEYLON EXPORTS 1' })))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Shipper 'CEYLON EXPORTS 1' already exists",
    });
    await expect(errorOf(add(shipper(2, { username: 'Ceylon.Exports1' })))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: "Username 'Ceylon.Exports1' is already taken",
    });
  });

  it('lists, pages, sorts and searches by name; search/{id} and get/{id} find it; unique lists the names', async () => {
    await add(shipper(2));
    await add(shipper(3, { shipperName: 'Atlas Freight' }));
    await expect(h.client.request(S.all, { actor, query: {} })).resolves.toMatchObject({
      total: 3,
      items: [{ shipperName: 'Atlas Freight' }, { shipperName: 'Ceylon Exports 1' }, { shipperName: 'Ceylon Exports 2' }],
    });
    await expect(h.client.request(S.all, { actor, query: { q: 'EXPORTS', page: 2, pageSize: 1, sort: 'email', order: 'desc' } })).resolves.toEqual({
      total: 2,
      items: [expect.objectContaining({ shipperName: 'Ceylon Exports 1' })],
    });
    await expect(h.client.request(S.search, { actor, params: { shipper_id: id } })).resolves.toEqual({
      success: true,
      shippers: [expect.objectContaining({ shipper_id: id })],
    });
    await expect(h.client.request(S.unique, { actor })).resolves.toEqual(['Atlas Freight', 'Ceylon Exports 1', 'Ceylon Exports 2']);
  });

  it('edits: a blank password keeps the current one, absent address and remarks stay, the username cannot change', async () => {
    const [before] = await h.adminQuery(`SELECT password_hash, session_version FROM directory.shipper WHERE id = $1`, [id]);
    const { address: _, password: __, ...required } = shipper(1);
    await expect(update(id, { ...required, password: '', email: 'new@ceylon.example' })).resolves.toEqual({
      success: true,
      message: 'Shipper updated successfully',
      shipper: expect.objectContaining({ email: 'new@ceylon.example', address: '1 Kandy Road' }),
    });
    await expect(h.adminQuery(`SELECT password_hash, session_version FROM directory.shipper WHERE id = $1`, [id])).resolves.toEqual([before]);
    await update(id, { ...required, password: 'a-brand-new-passphrase' });
    await expect(h.adminQuery(`SELECT session_version FROM directory.shipper WHERE id = $1`, [id])).resolves.toEqual([
      { session_version: before!.session_version + 1 },
    ]);
    await expect(errorOf(update(id, { ...required, username: 'another.name' }))).resolves.toMatchObject({
      details: { username: 'Username cannot be changed' },
    });
    await expect(errorOf(update(id, { ...required, handlingPersonName: ' ' }))).resolves.toMatchObject({
      details: { 'body.updateData.handlingPersonName': 'Handling person name is required' },
    });
  });

  it('deletes, then 404 for get, update and delete', async () => {
    await expect(h.client.request(S.delete, { actor, params: { shipper_id: id } })).resolves.toEqual({ message: 'Shipper deleted successfully' });
    const notFound = { code: 'NOT_FOUND', message: 'Shipper not found' };
    await expect(errorOf(get(id))).resolves.toEqual(notFound);
    await expect(errorOf(update(id, shipper(1)))).resolves.toEqual(notFound);
    await expect(errorOf(h.client.request(S.delete, { actor, params: { shipper_id: id } }))).resolves.toEqual(notFound);
  });
});
