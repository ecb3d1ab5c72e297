import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID, type KeyObject } from 'node:crypto';
import { NatsContext, ServerNats, type MicroserviceOptions, type NatsOptions } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import {
  TimeoutError,
  connect,
  headers,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type NodeConnectionOptions,
  type Subscription,
} from '@nats-io/transport-node';
import type { MsPattern } from '@nestjs/microservices/interfaces/pattern.interface.js';
import {
  Messages,
  QUEUE_GROUPS,
  REPLY_MAX_BYTES,
  isErrorBody,
  type ErrorBody,
  type ReplyOf,
  type RequestOf,
  type ServiceName,
  type Subject,
} from '@freight/contracts';
import type { NatsConfig, ServiceNatsConfig } from './config.js';
import { RemoteError } from './errors.js';
import { pause, waitUntil } from './drain.js';
import { SIGNATURE_HEADER, requestKeyFor, signRequest, signatureProblem, type RequestKeys } from './gateway-signature.js';
import { ACCEPTS_JSON_REPLY_HEADER, JSON_REPLY_HEADER, JSON_REPLY_TOTAL_HEADER, JsonReply } from './json-reply.js';
import { NoRespondersError, ReplyInbox } from './reply-inbox.js';

type NatsConnectionOptions = Required<NatsOptions>['options'];

/** How every process connects: its own NATS identity, and reconnecting for ever. */
export function natsConnectionOptions(config: Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD'>, name: string): NatsConnectionOptions {
  return {
    servers: config.NATS_URL.split(',').map((url) => url.trim()),
    name,
    ...(config.NATS_USER !== undefined ? { user: config.NATS_USER, pass: config.NATS_PASSWORD } : {}),
    // Keep trying for ever once connected: a NATS restart must not need a service restart.
    reconnect: true,
    maxReconnectAttempts: -1,
  };
}

/** When the caller stops waiting for the reply (epoch milliseconds): set by NatsRpcClient on every request. */
export const DEADLINE_HEADER = 'Freight-Deadline';

const deadlines = new AsyncLocalStorage<number>();

/**
 * Milliseconds until the caller of the request being handled stops waiting for its reply (the
 * gateway answers 504 then), or undefined outside a request or for a caller that gave no
 * deadline. Work that would finish too late to be answered can be refused before it writes.
 */
export function requestTimeLeft(): number | undefined {
  const deadline = deadlines.getStore();
  return deadline === undefined ? undefined : deadline - Date.now();
}

/**
 * A reply larger than the server's max_payload cannot be published: NATS drops it and the caller
 * waits out its time-out. Such a reply crosses in parts instead (docs/adr/0043-replies-of-any-size-and-pdf-workers.md):
 * the answer to the request carries the first part and these headers; the caller asks the same
 * replica for the others on its parts subject (`<service>.replyParts.<replica>`, in the service's
 * queue group and subjects, so no NATS permission changes), in order, and joins them.
 */
export const REPLY_PARTS_HEADER = 'Freight-Reply-Parts';
const REPLY_KEY_HEADER = 'Freight-Reply-Key';
const REPLY_REST_HEADER = 'Freight-Reply-Rest';
/** A parts subject under the namespace: `<service>.replyParts.<replica>`. */
const PARTS_SUBJECT = /^[a-z][a-z0-9]*\.replyParts\.[0-9a-f-]{36}$/;
/** Room left in a part for the headers NATS counts into max_payload. */
const PART_HEADROOM_BYTES = 8 * 1024;
/** How long a replica keeps the parts of a reply when the request carried no deadline. */
const PARTS_KEPT_MS = 30_000;

/** The parts of one large reply, kept until the last is fetched or the caller's deadline passed. */
interface PendingReply {
  parts: Buffer[];
  timer: NodeJS.Timeout;
}

/** `subject` as it travels on the wire under a namespace (`t1.` + `directory.health`). */
export function namespacedSubject(namespace: string, subject: string): string {
  return namespace + subject;
}

/**
 * Nest's NATS server with every subject (and the queue group, set in the options)
 * under a namespace. Handlers are stored under the prefixed subject, and looked up by
 * the subject they were subscribed with, so the prefix is applied exactly once.
 *
 * Every message is checked against the gateway's signature before Nest sees it (the one
 * place, for every handler of every service): anything else is refused with
 * UNAUTHENTICATED_CALLER and never reaches a handler.
 */
export class NamespacedServerNats extends ServerNats {
  private readonly refusals = new Logger('GatewaySignature');
  private readonly moves = new Logger('NatsServer');
  private readonly pendingReplies = new Map<string, PendingReply>();
  /** Where the caller asks this replica for the rest of a large reply (undefined: no service name, no parts). */
  private readonly partsSubject?: string;
  private readonly queue?: string;
  private connection?: NatsConnection;
  private partsSubscription?: Subscription;
  /** Requests taken and not answered yet: a drain waits for them. */
  private readonly inFlight = new Set<Msg>();
  private draining = false;
  private natsDown = false;
  /** The move off a lame duck NATS node under way: close() waits for it. */
  private moving?: Promise<void>;
  /** How long close() waits for the requests in flight (docs/adr/0051-drain-and-probes.md); startService sets it from DRAIN_TIMEOUT_MS. */
  inFlightWaitMs = 15_000;

  /** `service`: its subjects (`<service>.>`) hold the parts subject; `maxReplyBytes`: REPLY_MAX_BYTES unless a test says less. */
  constructor(
    private readonly namespace: string,
    options: NatsConnectionOptions,
    private readonly gatewayKey: KeyObject,
    private readonly service?: string,
    private readonly maxReplyBytes = REPLY_MAX_BYTES,
  ) {
    super(options);
    this.queue = options.queue;
    if (service) this.partsSubject = namespacedSubject(namespace, `${service}.replyParts.${randomUUID()}`);
  }

  override bindEvents(client: NatsConnection): void {
    super.bindEvents(client);
    this.connection = client;
    this.natsDown = false;
    void this.watchStatus(client);
    if (!this.partsSubject) return;
    // In the queue group like every subscription of a service (its NATS permissions); no other replica has this subject.
    this.partsSubscription = client.subscribe(this.partsSubject, {
      queue: this.queue,
      callback: (error, message) => {
        if (!error) this.sendPart(message);
      },
    });
  }

  private async watchStatus(client: NatsConnection): Promise<void> {
    for await (const status of client.status()) {
      // A connection this replica has moved off: its troubles are not the current one's.
      if (client !== this.connection) continue;
      if (status.type === 'disconnect') this.natsDown = true;
      else if (status.type === 'reconnect') this.natsDown = false;
      else if (status.type === 'ldm' && !this.moving) this.moving = this.moveOff(client).finally(() => (this.moving = undefined));
    }
  }

  /** Nest's own fields this class takes part in: the subscriptions of bindEvents, which close() and a move drain. */
  private get nest(): { subscriptions: Subscription[] } {
    // ServerNats keeps `subscriptions` private in its declarations; this subclass reads and drains them.
    return this as unknown as { subscriptions: Subscription[] };
  }

  /**
   * The server of `old` entered lame duck mode (docs/adr/0051-drain-and-probes.md): it closes its
   * clients' connections soon, and a request it routed to this replica just then would be lost
   * (its caller waits out the time-out, as it would for a slow handler). So the replica subscribes
   * over a new connection first (the lame duck server takes no new clients: another node), then
   * drains the old subscriptions (what was already routed here is still handled), waits for
   * those requests' replies, and drains the old connection.
   */
  private async moveOff(old: NatsConnection): Promise<void> {
    if (this.draining) return;
    let next: NatsConnection;
    try {
      next = (await this.createNatsClient()) as NatsConnection;
    } catch (error) {
      this.moves.warn(`NATS server entering lame duck mode and no other answers (${String(error)}): staying until it closes`);
      return;
    }
    if (this.draining) return void (await next.close().catch(() => undefined));
    this.moves.log('NATS server entering lame duck mode: subscribed over a new connection, draining the old one');
    const previous = [...this.nest.subscriptions.splice(0), this.partsSubscription];
    this.bindEvents(next);
    // The new node has the subscriptions before the old ones go (callers retry the moment the cluster learns it: NO_RESPONDERS_RETRY_MS).
    await next.flush().catch(() => undefined);
    await Promise.all(previous.map((subscription) => subscription?.drain().catch(() => undefined)));
    // Every request the old subscriptions delivered has been taken (drain waits for their callbacks).
    const taken = [...this.inFlight];
    await waitUntil(() => taken.every((message) => !this.inFlight.has(message)), this.inFlightWaitMs);
    await old.drain().catch(() => undefined);
  }

  /**
   * Ready to take requests: not draining, connected to NATS, and the service's own health
   * handler (`<service>.health`, what the gateway's /api/health asks) reports its database up.
   */
  async isReady(): Promise<boolean> {
    if (this.draining || this.natsDown || !this.connection || this.connection.isClosed()) return false;
    if (!this.service) return true;
    const subject = namespacedSubject(this.namespace, `${this.service}.health`);
    const handler = this.getHandlerByPattern(subject);
    if (!handler) return true;
    const health = (await lastValueFrom(this.transformToObservable(await handler({}, new NatsContext([subject, undefined]))))) as { database?: string };
    return health?.database !== 'down';
  }

  /**
   * The drain (docs/adr/0051-drain-and-probes.md): each subscription drained (the server routes
   * no more requests here; those already sent are still handled, where an unsubscribe would drop
   * them unanswered), then the requests in flight and the parts of large replies still asked for
   * answered, then the connection drained, which flushes the replies before it closes.
   */
  override async close(): Promise<void> {
    this.draining = true;
    await this.moving;
    const subscriptions = this.nest.subscriptions;
    if (this.connection && !this.connection.isClosed()) {
      await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
      const answered = await waitUntil(() => this.inFlight.size === 0 && this.pendingReplies.size === 0, this.inFlightWaitMs);
      if (!answered) this.refusals.warn(`${this.inFlight.size} requests still unanswered after ${this.inFlightWaitMs} ms: closing`);
      await this.partsSubscription?.drain().catch(() => undefined);
      await this.connection.drain().catch(() => undefined);
    }
    subscriptions.length = 0;
    for (const pending of this.pendingReplies.values()) clearTimeout(pending.timer);
    this.pendingReplies.clear();
    await super.close();
  }

  /** Publishes a reply as Nest would, in parts when it is larger than a message may be, or refuses it when over maxReplyBytes. */
  override getPublisher(natsMsg: Msg, id: string, ctx: unknown) {
    const publish = super.getPublisher(natsMsg, id, ctx as never);
    if (!natsMsg.reply) return publish;
    return (response: { id?: string; isDisposed?: boolean; err?: unknown; status?: string; response?: unknown }) => {
      // The last packet of a reply (Nest marks it disposed; an error or a missing handler is one packet).
      if (response.isDisposed || response.err !== undefined || response.status === 'error') this.inFlight.delete(natsMsg);
      const { bytes, replyHeaders } = this.encode(response, id, Boolean(natsMsg.headers?.get(ACCEPTS_JSON_REPLY_HEADER)));
      const partBytes = (this.connection?.info?.max_payload ?? Infinity) - PART_HEADROOM_BYTES;
      if (bytes.length <= partBytes) return natsMsg.respond(bytes, { headers: replyHeaders });
      if (bytes.length > this.maxReplyBytes || !this.partsSubject) {
        this.refusals.warn(`A reply on ${natsMsg.subject} of ${bytes.length} bytes is over the limit of ${this.maxReplyBytes}: refused`);
        const err: ErrorBody = { code: 'REPLY_TOO_LARGE', message: Messages.replyTooLarge };
        return natsMsg.respond(JSON.stringify({ id, err, isDisposed: true }));
      }
      const parts: Buffer[] = [];
      for (let start = 0; start < bytes.length; start += partBytes) parts.push(bytes.subarray(start, start + partBytes));
      const key = randomUUID();
      const deadline = Number(natsMsg.headers?.get(DEADLINE_HEADER) || NaN);
      const keepMs = Number.isFinite(deadline) ? Math.max(deadline - Date.now(), 0) + 1000 : PARTS_KEPT_MS;
      this.pendingReplies.set(key, { parts, timer: setTimeout(() => this.pendingReplies.delete(key), keepMs).unref() });
      const h = replyHeaders ?? headers();
      h.set(REPLY_PARTS_HEADER, String(parts.length));
      h.set(REPLY_KEY_HEADER, key);
      h.set(REPLY_REST_HEADER, this.partsSubject);
      return natsMsg.respond(parts[0], { headers: h });
    };
  }

  /**
   * A reply's bytes: a JsonReply's own, marked by its headers, to a caller that takes them
   * (docs/adr/0059-json-replies-passed-as-bytes.md); else Nest's envelope, a JsonReply decoded into it.
   */
  private encode(response: { id?: string; err?: unknown; response?: unknown }, id: string, takesJson: boolean): { bytes: Buffer; replyHeaders?: MsgHdrs } {
    const answer = response.response;
    if (answer instanceof JsonReply && !takesJson) response.response = answer.value();
    else if (answer instanceof JsonReply && response.err === undefined) {
      const h = headers();
      h.set(JSON_REPLY_HEADER, '1');
      if (answer.total !== undefined) h.set(JSON_REPLY_TOTAL_HEADER, String(answer.total));
      return { bytes: Buffer.from(answer.json), replyHeaders: h };
    }
    Object.assign(response, { id });
    const { data, headers: replyHeaders } = this.serializer.serialize(response as { id: string }) as { data: string; headers?: MsgHdrs };
    return { bytes: Buffer.from(data), replyHeaders };
  }

  /** Answers part `n` of a kept reply (`{key, n}`, signed by the gateway); the last one asked for frees them all. An unknown key gets an empty reply. */
  private sendPart(message: Msg): void {
    const problem = signatureProblem(this.gatewayKey, message.subject, message.data, message.headers?.get(SIGNATURE_HEADER));
    if (problem !== undefined) return this.refuse(message, problem);
    let ask: { key?: unknown; n?: unknown } | null = null;
    try {
      ask = message.json();
    } catch {
      // not JSON: an unknown part
    }
    const key = typeof ask?.key === 'string' ? ask.key : '';
    const pending = this.pendingReplies.get(key);
    const n = Number(ask?.n);
    const part = pending && Number.isInteger(n) ? pending.parts[n] : undefined;
    if (pending && n === pending.parts.length - 1) {
      clearTimeout(pending.timer);
      this.pendingReplies.delete(key);
    }
    message.respond(part ?? new Uint8Array(0));
  }

  override handleMessage(channel: string, message: Msg): Promise<unknown> {
    const problem = signatureProblem(this.gatewayKey, message.subject, message.data, message.headers?.get(SIGNATURE_HEADER));
    if (problem === undefined) {
      if (message.reply) this.inFlight.add(message);
      const deadline = Number(message.headers?.get(DEADLINE_HEADER) || NaN);
      const handled = Number.isFinite(deadline) ? deadlines.run(deadline, () => this.dispatch(channel, message)) : this.dispatch(channel, message);
      return handled.catch((error: unknown) => {
        this.inFlight.delete(message);
        throw error;
      });
    }
    this.refuse(message, problem);
    return Promise.resolve();
  }

  /**
   * Nest's handleMessage without its RxJS for a request whose handler answers a value (or a
   * promise of one): Nest's handler (its pipes, the handler, its exception filters) is called as
   * Nest calls it, and the value published at once as the one packet Nest would send
   * (`{response, isDisposed}`), instead of through an Observable, mergeMap, finalize and a
   * nextTick queue. An Observable (an error the filter answered, a handler that streams) goes
   * Nest's way, as do events and subjects without a handler.
   */
  private async dispatch(channel: string, message: Msg): Promise<unknown> {
    const handler = this.getHandlerByPattern(channel);
    const packet = (await this.deserializer.deserialize(message, { channel, replyTo: message.reply })) as { id?: string; data?: unknown };
    if (packet.id === undefined || !handler || handler.isEventHandler) return super.handleMessage(channel, message);
    const context = new NatsContext([message.subject, message.headers]);
    const publish = this.getPublisher(message, packet.id, context);
    const result: unknown = await handler(packet.data, context);
    if (isObservable(result)) return this.send(result, (reply) => void publish(reply));
    return publish({ response: result, isDisposed: true });
  }

  /** Answers in Nest's reply envelope, so a caller sees the error like any other. */
  private refuse(message: Msg, problem: string): void {
    this.refusals.warn(`Refused a request on ${message.subject}: ${problem}`);
    if (!message.reply) return;
    let id: unknown;
    try {
      id = (message.json() as { id?: unknown } | null)?.id;
    } catch {
      // not JSON: answer without an id
    }
    const err: ErrorBody = { code: 'UNAUTHENTICATED_CALLER', message: Messages.unauthenticatedCaller };
    message.respond(JSON.stringify({ id, err, isDisposed: true }));
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return namespacedSubject(this.namespace, super.normalizePattern(pattern));
  }

  override getHandlerByPattern(subject: string) {
    return this.messageHandlers.get(subject) ?? null;
  }
}

/**
 * Options for `NestFactory.createMicroservice`: the service listens in its queue group
 * (replicas share the load, each request runs once), namespaced like its subjects.
 */
export function natsMicroserviceOptions(service: ServiceName, config: ServiceNatsConfig, maxReplyBytes = REPLY_MAX_BYTES): MicroserviceOptions {
  return {
    strategy: new NamespacedServerNats(
      config.NATS_NAMESPACE,
      {
        ...natsConnectionOptions(config, `${config.NATS_NAMESPACE}${service}`),
        queue: namespacedSubject(config.NATS_NAMESPACE, QUEUE_GROUPS[service]),
      },
      config.GATEWAY_REQUEST_KEY,
      service,
      maxReplyBytes,
    ),
  };
}

/** A caller of services: the gateway signs each request with its service's key (RequestKeys); without it (tests only) requests go unsigned and services refuse them. */
export type NatsClientConfig = NatsConfig & Partial<RequestKeys>;

export interface RequestOptions {
  /** Overrides NATS_REQUEST_TIMEOUT_MS for this call. */
  timeoutMs?: number;
  /**
   * Safe to send twice: a read, or a write carrying an idempotency key (the service answers its
   * first outcome again). Such a request is sent once more when its connection was lost, or its
   * NATS server went into lame duck mode, while it waited (docs/adr/0051-drain-and-probes.md).
   * Never set it for a write without a key: it could be done twice.
   */
  resendable?: boolean;
}

/** What a Nest NATS service (ServerNats) answers: `response`, or `err` when the handler failed. */
interface ReplyEnvelope {
  err?: unknown;
  response?: unknown;
}

/**
 * How long a request waits for a lost connection to come back before it fails: in a NATS cluster
 * the client is on another node within milliseconds when one restarts (docs/adr/0051-drain-and-probes.md),
 * and the request goes out then; a NATS that stays down still fails soon rather than after the timeout.
 */
export const RECONNECT_WAIT_MS = 2000;

/**
 * How long a request that no replica is subscribed for is sent again before it fails with
 * SERVICE_UNAVAILABLE: a replica moving off a NATS node in lame duck mode subscribes on another
 * node, and the cluster's other nodes learn it a moment later (docs/adr/0051-drain-and-probes.md).
 */
export const NO_RESPONDERS_RETRY_MS = 1000;

/** The connection is gone for now (NATS restarting, network) and did not come back within RECONNECT_WAIT_MS. */
class ConnectionLostError extends Error {
  constructor() {
    super('Connection lost. Trying to reconnect...');
  }
}

/** A request failed while its connection was lost or its server went lame duck: `cause` is how it failed. */
class InterruptedError extends Error {
  constructor(override readonly cause: unknown) {
    super('interrupted by a NATS server going away');
  }
}

/**
 * Typed request/reply over NATS for callers of services (the gateway, tests, tools).
 * Every request has a timeout; every failure rejects with a RemoteError whose body is
 * the service's `{code, message, details}`, SERVICE_TIMEOUT, SERVICE_UNAVAILABLE or INTERNAL.
 *
 * Speaks the envelope of Nest's NATS transport (`{pattern, data, id}` out, `{response | err}`
 * back) over the NATS client's own request/reply: one shared reply subscription, so a call
 * costs one publish rather than a subscribe, a publish and an unsubscribe as with Nest's ClientNats.
 */
export class NatsRpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(NatsRpcClient.name);
  private readonly options: NodeConnectionOptions;
  private connection?: Promise<NatsConnection>;
  private disconnected = false;
  /** Requests waiting for the connection to come back. */
  private readonly reconnectWaiters = new Set<() => void>();
  /** Requests in flight on each connection, and the connections to close once theirs are answered (a node in lame duck mode). */
  private readonly inFlight = new Map<NatsConnection, number>();
  private readonly retiring = new Set<NatsConnection>();
  /** How often each connection was lost or its server went lame duck: a request that sees the count change was interrupted. */
  private readonly interruptions = new WeakMap<NatsConnection, number>();
  /** The requests waiting for a reply on each connection: ended at once when it is lost. */
  private readonly lostWaiters = new Map<NatsConnection, Set<(error: Error) => void>>();
  /** Each connection's one reply subscription (ADR 66). */
  private readonly inboxes = new WeakMap<NatsConnection, ReplyInbox>();

  constructor(
    private readonly config: NatsClientConfig,
    name = 'rpc-client',
  ) {
    // Async traces cost a stack capture per request; the subject in our own errors says enough.
    this.options = { ...natsConnectionOptions(config, `${config.NATS_NAMESPACE}${name}`), noAsyncTraces: true };
  }

  /** Connect now (otherwise the first request connects). Rejects if NATS does not answer. */
  async connect(): Promise<void> {
    await this.natsConnection();
  }

  async request<S extends Subject>(subject: S, data: RequestOf<S>, options: RequestOptions = {}): Promise<ReplyOf<S>> {
    const reply = await this.requestJson(subject, data, options);
    return (reply instanceof JsonReply ? reply.value() : reply) as ReplyOf<S>;
  }

  /** As `request`, but a service's JsonReply comes back as it came, its bytes for the gateway to send on (docs/adr/0059-json-replies-passed-as-bytes.md). */
  async requestJson<S extends Subject>(subject: S, data: RequestOf<S>, options: RequestOptions = {}): Promise<ReplyOf<S> | JsonReply> {
    const timeout = options.timeoutMs ?? this.config.NATS_REQUEST_TIMEOUT_MS;
    let reply: ReplyEnvelope;
    try {
      reply = await this.sendUntilHeard(subject, data, Date.now() + timeout, RECONNECT_WAIT_MS).catch((error: unknown) => {
        if (!(error instanceof InterruptedError)) throw error;
        if (!options.resendable) throw error.cause;
        // The request or its reply may have been inside the NATS node that closed: once more, on
        // the current connection, which may wait for it to come back as long as the request would.
        this.logger.warn(`Request on ${subject} interrupted by a NATS server going away: sent again`);
        return this.sendUntilHeard(subject, data, Date.now() + timeout, timeout).catch((again: unknown) =>
          Promise.reject(again instanceof InterruptedError ? again.cause : again),
        );
      });
    } catch (error) {
      throw new RemoteError(this.toBody(subject, error));
    }
    if (reply.err) throw new RemoteError(this.toBody(subject, reply.err));
    if (reply.response === undefined) throw new RemoteError(this.toBody(subject, new Error('the reply carried no response')));
    return reply.response as ReplyOf<S> | JsonReply;
  }

  /**
   * `send` until the request reaches a subscriber or NO_RESPONDERS_RETRY_MS (at most until
   * `deadline`) has passed: NATS answers "no responders" only when nothing received the request,
   * so sending it again is safe for every request, writes without a key included.
   */
  private async sendUntilHeard(subject: Subject, data: unknown, deadline: number, reconnectWait: number): Promise<ReplyEnvelope> {
    const giveUpAt = Math.min(deadline, Date.now() + NO_RESPONDERS_RETRY_MS);
    for (let pauseMs = 25; ; pauseMs *= 2) {
      try {
        return await this.send(subject, data, Math.max(deadline - Date.now(), 1), reconnectWait);
      } catch (error) {
        const noResponders = error instanceof NoRespondersError;
        if (!noResponders || Date.now() + pauseMs >= giveUpAt) throw error;
        await pause(pauseMs);
      }
    }
  }

  /** One attempt: rejects with InterruptedError when its connection was lost or went lame duck meanwhile and no reply came. */
  private async send(subject: Subject, data: unknown, timeout: number, reconnectWait: number): Promise<ReplyEnvelope> {
    let nc: NatsConnection | undefined;
    let interrupt: ((error: Error) => void) | undefined;
    try {
      nc = await this.natsConnection();
      const conn = nc;
      this.inFlight.set(nc, (this.inFlight.get(nc) ?? 0) + 1);
      const mark = this.interruptions.get(nc) ?? 0;
      const interrupted = () => (this.interruptions.get(conn) ?? 0) !== mark;
      if (this.disconnected && !(await this.reconnected(Math.min(timeout, reconnectWait)))) throw new ConnectionLostError();
      const wireSubject = namespacedSubject(this.config.NATS_NAMESPACE, subject);
      const packet = Buffer.from(JSON.stringify({ pattern: subject, data, id: randomUUID() }));
      const deadline = Date.now() + timeout;
      // A lost connection ends the wait at once: its reply, if any, went with it.
      const lost = new Promise<never>((_, reject) => {
        interrupt = reject;
        this.lostWaiters.set(conn, (this.lostWaiters.get(conn) ?? new Set()).add(reject));
      });
      const exchange = (async () => {
        const answer = await this.inboxOf(conn).request(wireSubject, packet, this.headers(wireSubject, packet, deadline), timeout);
        const parts = Number(answer.headers?.get(REPLY_PARTS_HEADER) || 1);
        const data = parts > 1 ? await this.restOf(conn, answer, parts, deadline) : undefined;
        if (answer.headers?.get(JSON_REPLY_HEADER)) {
          const total = answer.headers.get(JSON_REPLY_TOTAL_HEADER);
          // Not copied: a large reply's copy is what makes the gateway's heap collect (docs/adr/0063-forwarded-routes-as-plain-fastify-routes.md).
          return { response: new JsonReply(data ?? answer.data, total ? Number(total) : undefined) };
        }
        return data ? (JSON.parse(data.toString()) as ReplyEnvelope) : answer.json<ReplyEnvelope>();
      })();
      exchange.catch(() => undefined);
      try {
        return await Promise.race([exchange, lost]);
      } catch (error) {
        const noResponders = error instanceof NoRespondersError;
        throw !noResponders && interrupted() ? new InterruptedError(error) : error;
      }
    } finally {
      if (interrupt && nc) this.lostWaiters.get(nc)?.delete(interrupt);
      if (nc) this.settle(nc);
    }
  }

  /** A reply sent in parts (NamespacedServerNats.getPublisher): the first one's bytes and the others', asked for in order, within the request's deadline. */
  private async restOf(nc: NatsConnection, first: Msg, parts: number, deadline: number): Promise<Buffer> {
    const subject = first.headers!.get(REPLY_REST_HEADER);
    // Asked for with the key of the subject's service: a reply must not make the caller sign a request to any other subject.
    const namespace = this.config.NATS_NAMESPACE;
    if (!subject.startsWith(namespace) || !PARTS_SUBJECT.test(subject.slice(namespace.length))) {
      throw new Error(`the reply named ${subject} for its other parts, which is no parts subject`);
    }
    const key = first.headers!.get(REPLY_KEY_HEADER);
    const received = [Buffer.from(first.data)];
    for (let n = 1; n < parts; n++) {
      const packet = Buffer.from(JSON.stringify({ key, n }));
      const timeout = Math.max(deadline - Date.now(), 1);
      const part = await this.inboxOf(nc).request(subject, packet, this.headers(subject, packet, deadline), timeout);
      if (part.data.length === 0) throw new Error(`part ${n} of ${parts} of the reply is no longer kept`);
      received.push(Buffer.from(part.data));
    }
    return Buffer.concat(received);
  }

  private inboxOf(nc: NatsConnection): ReplyInbox {
    let inbox = this.inboxes.get(nc);
    if (!inbox) this.inboxes.set(nc, (inbox = new ReplyInbox(nc)));
    return inbox;
  }

  /** The gateway's signature with the key of the subject's service (without it, none: the service refuses the request) and when the caller stops waiting. */
  private headers(subject: string, packet: Uint8Array, deadline: number) {
    const h = headers();
    const key = requestKeyFor(this.config, this.config.NATS_NAMESPACE, subject);
    if (key) h.set(SIGNATURE_HEADER, signRequest(key, subject, packet));
    h.set(DEADLINE_HEADER, String(deadline));
    h.set(ACCEPTS_JSON_REPLY_HEADER, '1');
    return h;
  }

  /** One request on `nc` is over; a retiring connection closes with its last one. */
  private settle(nc: NatsConnection): void {
    const left = (this.inFlight.get(nc) ?? 1) - 1;
    if (left > 0) return void this.inFlight.set(nc, left);
    this.inFlight.delete(nc);
    this.lostWaiters.delete(nc);
    if (this.retiring.delete(nc)) void nc.drain().catch(() => undefined);
  }

  /**
   * The server of `nc` entered lame duck mode (docs/adr/0051-drain-and-probes.md): it will close
   * the connection soon, and a reply on its way then would be lost. New requests go over a new
   * connection (the lame duck server takes no new clients: another node); `nc` is drained once
   * the requests in flight on it have their replies.
   */
  private retire(nc: NatsConnection, connection: Promise<NatsConnection>): void {
    if (this.connection !== connection) return;
    this.logger.log('NATS server entering lame duck mode: new requests over a new connection');
    this.connection = undefined;
    if (this.inFlight.has(nc)) this.retiring.add(nc);
    else void nc.drain().catch(() => undefined);
  }

  /** Whether the lost connection came back within `ms`. */
  private reconnected(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (back: boolean) => {
        clearTimeout(timer);
        this.reconnectWaiters.delete(wake);
        resolve(back);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(!this.disconnected), ms);
      this.reconnectWaiters.add(wake);
    });
  }

  /** True when NATS answers a round trip within the timeout. */
  async ping(timeoutMs = 1000): Promise<boolean> {
    try {
      const nc = await this.natsConnection();
      await Promise.race([nc.flush(), new Promise((_, reject) => setTimeout(() => reject(new Error('NATS ping timed out')), timeoutMs).unref())]);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    const nc = await connection?.catch(() => undefined);
    await nc?.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  /** The connection, opened on first use; a failed attempt, or a connection closed for good, is retried on the next call. */
  private natsConnection(): Promise<NatsConnection> {
    if (this.connection) return this.connection;
    const connection = connect(this.options);
    this.connection = connection;
    connection.then(
      (nc) => void this.watch(nc, connection),
      () => {
        if (this.connection === connection) this.connection = undefined;
      },
    );
    return connection;
  }

  private async watch(nc: NatsConnection, connection: Promise<NatsConnection>): Promise<void> {
    this.disconnected = false;
    for await (const status of nc.status()) {
      if (status.type === 'ldm' || status.type === 'disconnect') {
        this.interruptions.set(nc, (this.interruptions.get(nc) ?? 0) + 1);
        if (status.type === 'disconnect') for (const end of [...(this.lostWaiters.get(nc) ?? [])]) end(new ConnectionLostError());
      }
      // A retired connection's own troubles are not the current one's.
      if (this.connection !== connection) continue;
      if (status.type === 'ldm') this.retire(nc, connection);
      else if (status.type === 'disconnect') {
        this.disconnected = true;
        this.logger.error('NATS connection lost; reconnecting');
      } else if (status.type === 'reconnect') {
        this.disconnected = false;
        this.logger.log('NATS connection restored');
        for (const wake of [...this.reconnectWaiters]) wake();
      } else if (status.type === 'error') {
        this.logger.error(`NATS error: ${String(status.error)}`);
      }
    }
    // The status stream ends when the connection is closed for good.
    if (this.connection === connection) this.connection = undefined;
  }

  private toBody(subject: string, error: unknown): ErrorBody {
    if (isErrorBody(error)) return error;
    if (error instanceof TimeoutError) {
      this.logger.warn(`No reply on ${subject} within the timeout`);
      return { code: 'SERVICE_TIMEOUT', message: Messages.serviceTimeout };
    }
    if (error instanceof NoRespondersError) {
      return { code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable };
    }
    if (typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 'error') {
      // Nest's own envelope: a service threw outside our error filter.
      this.logger.error(`Service error on ${subject}: ${JSON.stringify(error)}`);
      return { code: 'INTERNAL', message: Messages.internal };
    }
    // The hop itself failed: NATS down, connection closed, reconnecting.
    this.logger.warn(`Request on ${subject} failed: ${error instanceof Error ? error.message : String(error)}`);
    return { code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable };
  }
}
