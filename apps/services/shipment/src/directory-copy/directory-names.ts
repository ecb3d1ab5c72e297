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
  const [found] = await resolveNamesOfMany(tx, [lookups]);
  if (found instanceof AppError) throw found;
  return found!;
}

/**
 * `resolveNames` for several writes at once (concurrent job creations, ADR 28), in one query:
 * each write gets its names, or its own 400. Each name is looked up by the copy's indexes, by
 * name and (users) by username: an OR of the two in one join read the whole copy for every
 * name (~1.5 ms of Postgres CPU per job creation), and a plain join of many names still hashed
 * the whole copy (`OFFSET 0` keeps the lookup per name).
 */
export async function resolveNamesOfMany(tx: Pick<Tx, 'query'>, writes: readonly (readonly NameLookup[])[]): Promise<(Record<string, NamedRef> | AppError)[]> {
  const lookups = writes.flat();
  const rows =
    lookups.length === 0
      ? []
      : await tx.query<{ i: number; id: string; name: string; by_username: boolean }[]>(
          `WITH l AS MATERIALIZED (SELECT * FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS l(kind, name, i))
           SELECT l.i, d.id, d.name, d.by_username FROM l CROSS JOIN LATERAL (
             SELECT id, name, false AS by_username FROM shipment.directory_name
              WHERE kind = l.kind AND lower(name) = lower(l.name) AND deleted_at IS NULL
             UNION ALL
             SELECT id, name, true FROM shipment.directory_name
              WHERE l.kind = 'user' AND kind = 'user' AND lower(username) = lower(l.name) AND deleted_at IS NULL AND username IS NOT NULL
             OFFSET 0) d`,
          [lookups.map((l) => l.kind), lookups.map((l) => l.name)],
        );
  const matchesOf = new Map<number, typeof rows>();
  for (const row of rows) matchesOf.set(Number(row.i), [...(matchesOf.get(Number(row.i)) ?? []), row]);
  let at = 0;
  return writes.map((write) => {
    const found: Record<string, NamedRef> = {};
    const details: Record<string, string> = {};
    for (const lookup of write) {
      const matches = matchesOf.get(++at) ?? [];
      // A user found by username is the one meant (it may match by full name too: two rows).
      const exact = matches.filter((row) => row.by_username);
      const chosen = exact.length === 1 ? exact : matches;
      if (chosen.length === 1) found[lookup.field] = { id: chosen[0]!.id, name: chosen[0]!.name };
      else details[lookup.field] = chosen.length === 0 ? UNKNOWN[lookup.kind] : AMBIGUOUS_USER;
    }
    return Object.keys(details).length > 0 ? new AppError('VALIDATION_FAILED', Object.values(details)[0]!, details) : found;
  });
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
