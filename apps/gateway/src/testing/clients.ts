import type { ClientLoginResponse, ConsigneeCreate, ShipperCreate } from '@freight/contracts';
import type { Stack } from './gateway-stack.js';

/** The password the tests give a client they add. */
export const clientPassword = (username: string) => `${username}-lagoon-teacup`;

export function newConsignee(username: string, extra: Partial<ConsigneeCreate> = {}): ConsigneeCreate {
  return {
    consigneeName: `Consignee ${username}`,
    username,
    email: `${username}@consignee.example`,
    handlingPersonName: 'Nimal',
    password: clientPassword(username),
    ...extra,
  } as ConsigneeCreate;
}

export function newShipper(username: string, extra: Partial<ShipperCreate> = {}): ShipperCreate {
  return {
    shipperName: `Shipper ${username}`,
    username,
    email: `${username}@shipper.example`,
    address: 'Kandy Road',
    mobile: '081 222 3333',
    handlingPersonName: 'Sunil',
    password: clientPassword(username),
    remarks: '',
    ...extra,
  };
}

/** Adds a consignee or shipper through the API as `token` (staff) and answers its id. */
export async function addClient(stack: Stack, token: string, kind: 'consignee' | 'shipper', username: string): Promise<string> {
  const body = kind === 'consignee' ? newConsignee(username) : newShipper(username);
  const reply = await stack.gateway.call('POST', `/api/${kind}s/add`, { token, body });
  if (reply.status !== 201) throw new Error(`adding ${kind} ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body[kind][`${kind}_id`];
}

/** Client sign-in from `ip` (X-Forwarded-For, trusted from the loopback proxy). */
export const clientSignIn = (stack: Stack, username: string, password = clientPassword(username), ip = '203.0.113.50') =>
  stack.gateway.call('POST', '/api/clientlogin/myclientlogin', { body: { username, password }, headers: { 'x-forwarded-for': ip } });

export async function clientToken(stack: Stack, username: string, ip?: string): Promise<string> {
  const reply = await clientSignIn(stack, username, undefined, ip);
  if (reply.status !== 200) throw new Error(`client sign-in of ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return (reply.body as ClientLoginResponse).token;
}
