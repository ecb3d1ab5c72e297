export const STAFF_ROLES = ['Head', 'Admin', 'Employee'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const DEPARTMENTS = ['Import', 'Export'] as const;
export type Department = (typeof DEPARTMENTS)[number];

export const CLIENT_ROLES = ['consignee', 'shipper'] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];

/** A signed-in consignee or shipper, as the gateway learned it from a verified client token. */
export interface ClientActor {
  id: string;
  username: string;
  role: ClientRole;
}

export function isClientRole(value: unknown): value is ClientRole {
  return typeof value === 'string' && (CLIENT_ROLES as readonly string[]).includes(value);
}

/** Who is making a call, as the gateway learned it from a verified token. */
export interface Actor {
  id: string;
  username: string;
  role: StaffRole;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}
