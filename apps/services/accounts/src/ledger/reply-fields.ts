/**
 * A reply's flat fields, each as SQL. One list gives both forms, so they answer alike: columns
 * named as the fields (rows for the code that reads them) and one JSON object built by Postgres (a
 * reply passed on as its bytes, docs/adr/0059-json-replies-passed-as-bytes.md).
 */
export type ReplyFields<T> = Record<keyof T & string, string>;

export const fieldColumns = <T>(fields: ReplyFields<T>): string =>
  Object.entries<string>(fields)
    .map(([field, sql]) => `${sql} AS "${field}"`)
    .join(', ');

export const fieldsJson = <T>(fields: ReplyFields<T>): string =>
  `json_build_object(${Object.entries<string>(fields)
    .map(([field, sql]) => `'${field}', ${sql}`)
    .join(', ')})`;

/** A timestamp as `Date.toISOString` writes it (milliseconds, UTC, `Z`). */
export const isoStamp = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
