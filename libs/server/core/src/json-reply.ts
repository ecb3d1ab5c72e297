import type { EncodedReply } from '@freight/contracts';

/**
 * A reply already encoded as JSON, mostly by Postgres (`json_build_object`, `json_agg`): a service
 * answers it, NATS carries its bytes with JSON_REPLY_HEADER instead of Nest's envelope, and the
 * gateway sends the same bytes to the browser, so nothing decodes and encodes it on the way
 * (docs/adr/0059-json-replies-passed-as-bytes.md). `json` is the route's REST body; for a paged list
 * the page's rows (for a route that answers its rows under a `listKey`, the whole body), with `total`
 * beside them (the gateway's X-Total-Count).
 */
export class JsonReply<T = unknown> implements EncodedReply<T> {
  declare readonly decodesTo?: T;

  constructor(
    readonly json: string | Uint8Array,
    readonly total?: number,
  ) {}

  /** The reply decoded, as a handler answering objects gives it: a paged list as `{items, total}`. */
  value(): unknown {
    const value: unknown = JSON.parse(typeof this.json === 'string' ? this.json : Buffer.from(this.json).toString());
    return this.total === undefined ? value : { items: value, total: this.total };
  }
}

/**
 * NATS header of a request whose caller takes a JsonReply as its bytes. A caller of the last release
 * (a gateway during a rolling deploy, ADR 55) does not send it, and gets the reply in Nest's envelope.
 */
export const ACCEPTS_JSON_REPLY_HEADER = 'Freight-Accepts-Json-Reply';
/** NATS header of a reply whose data is a JsonReply's bytes (no envelope). */
export const JSON_REPLY_HEADER = 'Freight-Json-Reply';
/** NATS header with a JSON reply's `total`. */
export const JSON_REPLY_TOTAL_HEADER = 'Freight-Json-Total';
