import { AppError } from '@freight/server';
import type { Tx } from '@freight/server-database';

/**
 * The names a job shows, as this service's copy of the directory holds them (ADR 29): each kind
 * of record by its directory id, with its current name (a user's full name) and, for users and
 * clients, the username.
 */
export const NAME_KINDS = ['user', 'branch', 'consignee', 'shipper', 'forwarder', 'origin', 'yard', 'shipmentType', 'shipmentTerm'] as const;
export type NameKind = (typeof NAME_KINDS)[number];

/** A record of the copy: its directory id and current name. */
export interface NamedRef {
  id: string;
  name: string;
}

/** One name to resolve: which kind, the body field it came from (for the 400) and the text sent. */
export interface NameLookup {
  kind: NameKind;
  field: string;
  name: string;
}

/** The text of an unknown name, beside its field. */
const UNKNOWN: Record<NameKind, string> = {
  user: 'No staff user has this username or full name',
  branch: 'No branch has this city',
  consignee: 'No consignee has this name',
  shipper: 'No shipper has this name',
  forwarder: 'No forwarder has this name',
  origin: 'No origin port has this name',
  yard: 'No yard has this name',
  shipmentType: 'No shipment type has this name',
  shipmentTerm: 'No shipment term has this name',
};
const AMBIGUOUS_USER = 'More than one user has this full name: choose by username';

/**
 * Resolves every name of a write in one query, any case; a user by username first, else by a
 * full name only one user has. Unknown names are one 400 with a line per field.
 */
export async function resolveNames(tx: Pick<Tx, 'query'>, lookups: readonly NameLookup[]): Promise<Record<string, NamedRef>> {
  if (lookups.length === 0) return {};
  const rows = await tx.query<{ i: number; id: string; name: string; by_username: boolean }[]>(
    `SELECT l.i, d.id, d.name, d.kind = 'user' AND lower(d.username) = lower(l.name) AS by_username
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS l(kind, name, i)
       JOIN shipment.directory_name d ON d.kind = l.kind AND d.deleted_at IS NULL
        AND (lower(d.name) = lower(l.name) OR (d.kind = 'user' AND lower(d.username) = lower(l.name)))`,
    [lookups.map((l) => l.kind), lookups.map((l) => l.name)],
  );
  const found: Record<string, NamedRef> = {};
  const details: Record<string, string> = {};
  lookups.forEach((lookup, index) => {
    const matches = rows.filter((row) => Number(row.i) === index + 1);
    const exact = matches.filter((row) => row.by_username);
    const chosen = exact.length === 1 ? exact : matches;
    if (chosen.length === 1) found[lookup.field] = { id: chosen[0]!.id, name: chosen[0]!.name };
    else details[lookup.field] = chosen.length === 0 ? UNKNOWN[lookup.kind] : AMBIGUOUS_USER;
  });
  if (Object.keys(details).length > 0) throw new AppError('VALIDATION_FAILED', Object.values(details)[0]!, details);
  return found;
}

/** A user of the copy by id (the caller): their full name, or null when the copy does not know them. */
export async function userById(tx: Pick<Tx, 'query'>, id: string): Promise<(NamedRef & { username: string }) | null> {
  const [row] = await tx.query<{ id: string; name: string; username: string }[]>(
    `SELECT id, name, username FROM shipment.directory_name WHERE kind = 'user' AND id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return row ?? null;
}

/** A client (consignee, shipper) of the copy by username (any case). */
export async function clientByUsername(tx: Pick<Tx, 'query'>, kind: 'consignee' | 'shipper', username: string): Promise<NamedRef | null> {
  const [row] = await tx.query<NamedRef[]>(
    `SELECT id, name FROM shipment.directory_name WHERE kind = $1 AND lower(username) = lower($2) AND deleted_at IS NULL`,
    [kind, username],
  );
  return row ?? null;
}
