import type { ClientLoginResponse, ClientRole } from '@freight/contracts';
import { clientPassword, newClient } from '@freight/server-testing';
import type { Stack } from './gateway-stack.js';

/** Adds a consignee or shipper through the API as `token` (staff) and answers its id. */
export async function addClient(stack: Stack, token: string, kind: ClientRole, username: string): Promise<string> {
  const reply = await stack.gateway.call('POST', `/api/${kind}s/add`, { token, body: newClient(kind, username) });
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
