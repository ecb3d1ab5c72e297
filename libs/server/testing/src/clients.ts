import type { ClientRole, ConsigneeCreate, ShipperCreate } from '@freight/contracts';

/** The password a test gives a client it adds (the client password rule accepts it). */
export const clientPassword = (username: string) => `${username}-lagoon-teacup`;

/** What every client's add body has: `username`, its own e-mail and password. */
const account = (kind: ClientRole, username: string) => ({ username, email: `${username}@${kind}.example`, password: clientPassword(username) });

/** A valid add-consignee body for `username`: the required fields only. */
export function newConsignee(username: string, extra: Partial<ConsigneeCreate> = {}): ConsigneeCreate {
  return { consigneeName: `Consignee ${username}`, ...account('consignee', username), handlingPersonName: 'Nimal', ...extra } as ConsigneeCreate;
}

/** A valid add-shipper body for `username` (every field is required but remarks). */
export function newShipper(username: string, extra: Partial<ShipperCreate> = {}): ShipperCreate {
  const fields = { address: 'Kandy Road', mobile: '081 222 3333', handlingPersonName: 'Sunil', remarks: '' };
  return { shipperName: `Shipper ${username}`, ...account('shipper', username), ...fields, ...extra };
}

/** The add body of a client of either kind. */
export const newClient = (kind: ClientRole, username: string): ConsigneeCreate | ShipperCreate =>
  kind === 'consignee' ? newConsignee(username) : newShipper(username);
