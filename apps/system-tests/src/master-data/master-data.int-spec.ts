import { HEAD, Stack } from '../testing/gateway-stack.js';

// Forwarders, origins, yards, shipment types and terms over HTTP, at the exact paths and with the
// body and reply names of requirements 01 §7, each call checked against the permission matrix
// (requirements decisions §4: all staff read, add and edit; only a Head deletes).
let stack: Stack;
const tokens: Record<'Head' | 'Admin' | 'Employee', string> = { Head: '', Admin: '', Employee: '' };
const call = (method: string, url: string, who: keyof typeof tokens, body?: unknown) => stack.gateway.call(method, url, { token: tokens[who], body });

beforeAll(async () => {
  stack = await Stack.start();
  tokens.Head = (await stack.gateway.login(HEAD.username, HEAD.password)).token;
  await call('POST', '/api/branches/add', 'Head', { BranchCity: 'Colombo', Location: 'Fort', Contact: '+94 11 234 5678', Code: 'CMB' });
  tokens.Admin = (await stack.addUser(tokens.Head, 'md.admin', 'Admin')).token;
  tokens.Employee = (await stack.addUser(tokens.Head, 'md.employee', 'Employee')).token;
}, 60_000);

afterAll(() => stack?.stop());

describe('master data through the gateway (requirements 01 §7)', () => {
  it('shipment types at /api/ShipmentType: add, search shipmentTypes[], unique, rename with newTypeofShipment, delete by a Head only', async () => {
    const added = await call('POST', '/api/ShipmentType/add', 'Employee', { TypeofShipment: '  LCL ' });
    expect([added.status, added.body]).toEqual([
      201,
      { success: true, message: 'Shipment type added successfully!', shipmentType: { _id: expect.any(String), TypeofShipment: 'LCL' } },
    ]);
    expect((await call('POST', '/api/ShipmentType/add', 'Admin', { TypeofShipment: 'FCL' })).status).toBe(201);
    expect((await call('GET', '/api/ShipmentType/search/lcl', 'Employee')).body).toEqual({
      success: true,
      shipmentTypes: [expect.objectContaining({ TypeofShipment: 'LCL' })],
    });
    expect((await call('GET', '/api/ShipmentType/unique', 'Employee')).body).toEqual(['FCL', 'LCL']);
    const duplicate = await call('POST', '/api/ShipmentType/add', 'Admin', { TypeofShipment: 'fcl' });
    expect([duplicate.status, duplicate.body]).toEqual([409, expect.objectContaining({ message: "Shipment type 'fcl' already exists" })]);
    const renamed = await call('PUT', '/api/ShipmentType/update/LCL', 'Admin', { newTypeofShipment: 'LCL Consol' });
    expect([renamed.status, renamed.body]).toEqual([
      200,
      expect.objectContaining({ message: 'Shipment type updated successfully', shipmentType: expect.objectContaining({ TypeofShipment: 'LCL Consol' }) }),
    ]);
    expect((await call('PUT', '/api/ShipmentType/update/LCL%20Consol', 'Admin', { newTypeofShipment: 'FCL' })).status).toBe(409);
    expect((await call('DELETE', '/api/ShipmentType/delete/FCL', 'Admin')).status).toBe(403);
    expect((await call('DELETE', '/api/ShipmentType/delete/FCL', 'Employee')).status).toBe(403);
    expect(await call('DELETE', '/api/ShipmentType/delete/fcl', 'Head')).toMatchObject({
      status: 200,
      body: { message: 'Shipment type deleted successfully' },
    });
    expect(await call('DELETE', '/api/ShipmentType/delete/FCL', 'Head')).toMatchObject({
      status: 404,
      body: { message: 'Not Found: The specified shipment type does not exist.' },
    });
  });

  it('origins: the update renames name and location (newOriginPortName, newOriginPortLocation); 404 for an unknown name', async () => {
    expect((await call('POST', '/api/origins/add', 'Employee', { OriginPortName: 'Shanghai', OriginPortLocation: 'China' })).status).toBe(201);
    const updated = await call('PUT', '/api/origins/update/shanghai', 'Employee', { newOriginPortName: 'Shanghai Yangshan', newOriginPortLocation: 'PRC' });
    expect(updated.body).toEqual({
      success: true,
      message: 'Origin updated successfully',
      origin: { _id: expect.any(String), OriginPortName: 'Shanghai Yangshan', OriginPortLocation: 'PRC' },
    });
    expect((await call('GET', '/api/origins/search/yang', 'Employee')).body).toEqual({ success: true, origins: [updated.body.origin] });
    const missing = await call('PUT', '/api/origins/update/Nowhere', 'Employee', { newOriginPortName: 'X', newOriginPortLocation: 'Y' });
    expect(missing.status).toBe(404);
    const blank = await call('POST', '/api/origins/add', 'Employee', { OriginPortName: 'Busan', OriginPortLocation: ' ' });
    expect([blank.status, blank.body.details]).toEqual([400, { OriginPortLocation: 'Origin port location is required' }]);
  });

  it('forwarders: 400 for a bad e-mail and long remarks, pages with X-Total-Count, searched on the server', async () => {
    const bad = await call('POST', '/api/forwarders/add', 'Employee', { Forwarder: 'Acme', email: 'acme', remarks: 'x'.repeat(2001) });
    expect([bad.status, Object.keys(bad.body.details).sort()]).toEqual([400, ['email', 'remarks']]);
    const long = await call('POST', '/api/forwarders/add', 'Employee', { Forwarder: 'x'.repeat(101), email: 'ops@acme.example' });
    expect([long.status, Object.keys(long.body.details)]).toEqual([400, ['Forwarder']]);
    for (const name of ['Acme', 'Blue Line', 'Cargo Co'])
      expect((await call('POST', '/api/forwarders/add', 'Admin', { Forwarder: name, email: 'ops@example.com' })).status).toBe(201);
    const page = await call('GET', '/api/forwarders/all?q=e&sort=Forwarder&order=desc&page=1&pageSize=1', 'Employee');
    expect([page.headers['x-total-count'], page.body.map((f: { Forwarder: string }) => f.Forwarder)]).toEqual(['2', ['Blue Line']]);
    const renamed = await call('PUT', '/api/forwarders/update/Acme', 'Employee', {
      newForwarderName: 'Acme Lines',
      email: 'desk@acme.example',
      contact: '',
      address: '',
      remarks: 'Night desk',
    });
    expect(renamed.body).toMatchObject({
      success: true,
      message: 'Forwarder updated successfully',
      forwarder: { Forwarder: 'Acme Lines', remarks: 'Night desk' },
    });
    expect((await call('DELETE', '/api/forwarders/delete/Acme%20Lines', 'Admin')).status).toBe(403);
  });
});
