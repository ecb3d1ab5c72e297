import { PassThrough } from 'node:stream';
import { Controller, Logger, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@freight/server';
import { LIVE_JOB_EVENT, LIVE_READY_EVENT, Messages, isStaffRole, seesAllJobs, type LiveJobEvent, type LiveReady } from '@freight/contracts';
import { RevocationService } from '../auth/revocation.service.js';
import { GatewayDrain } from '../health/drain.service.js';
import { SESSION_STATE_MAX_AGE_MS, SessionStateService } from '../auth/session-state.service.js';
import type { Session } from '../auth/token.service.js';
import { Route } from '../http/route.decorator.js';
import { LiveJobsService, type JobChange } from './live-jobs.service.js';

/** How often an open stream's session is judged again: as often as any call's (ADR 7). */
export const LIVE_SESSION_CHECK_MS = SESSION_STATE_MAX_AGE_MS;
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const LIVE_KEEPALIVE_MS = 20_000;
/**
 * The reconnect hint (SSE `retry:`) of a stream the gateway ends while the session is fine: it is
 * draining (docs/adr/0051-drain-and-probes.md). The browser reconnects this soon, to a gateway
 * that is ready, which replays what it missed.
 */
export const LIVE_RECONNECT_HINT_MS = 500;

const logger = new Logger('LiveJobs');

/** One server-sent event: its name and JSON data, and its `id` (the stream sequence it is at) when given. */
export const sse = (event: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The `Last-Event-ID` a reconnecting stream sent: the sequence of the last event it had; undefined when none or not one. */
export const lastEventIdOf = (header: string | string[] | undefined): number | undefined =>
  typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined;

/**
 * `GET /api/shipments/live` (ADR 33): the job changes the caller may see, as server-sent events,
 * for as long as their session is valid. The guard has checked the token, the session version and
 * the read permission on jobs. Head and Admin get every change, an Employee those of jobs assigned
 * to them (before or after the change). Every LIVE_SESSION_CHECK_MS the session is judged as every
 * call is (revoked by a logout, past its expiry, the user deleted or their session version raised
 * by a new password, role or username): the stream ends then, and the browser's reconnect gets the
 * 401 that logs it out. A failed lookup ends it too (the reconnect answers 503 until the directory
 * is back), so a stream never outlives a session it could not check.
 *
 * Every event's SSE `id` is its sequence in the shipment service's stream (the `ready` event's:
 * where the stream starts). A browser reconnecting with `Last-Event-ID` gets the events it missed
 * first, and `ready` says `{resumed: true}`; when they cannot be replayed (too old, too many) it
 * says `{resumed: false}` and the browser reloads its lists, as on a first connect.
 */
@Controller()
export class LiveController {
  constructor(
    private readonly live: LiveJobsService,
    private readonly states: SessionStateService,
    private readonly revocations: RevocationService,
    private readonly drain: GatewayDrain,
  ) {}

  @Route('shipmentsLive')
  stream(@Req() request: FastifyRequest, @Res() reply: FastifyReply): FastifyReply {
    // A draining gateway opens no stream it would end at once: the edge asks a ready one, the browser tries again.
    if (this.drain.draining) throw new AppError('SERVICE_UNAVAILABLE', Messages.serviceUnavailable);
    const session = request.auth!;
    const body = new PassThrough();
    let role = session.actor.role;
    const forCaller = (change: JobChange) => (isStaffRole(role) && seesAllJobs(role)) || change.assignees.includes(session.actor.id);
    const after = lastEventIdOf(request.headers['last-event-id']);
    /** The sequence of the last event passed on (or skipped as not the caller's): none is passed on twice. */
    let sent = after ?? this.live.sequence;
    /** Changes heard while the missed ones are read: passed on after them. */
    let held: JobChange[] | undefined = after === undefined ? undefined : [];
    const pass = (change: JobChange) => {
      if (change.seq <= sent) return;
      sent = change.seq;
      if (!forCaller(change)) return;
      const event: LiveJobEvent = { change: change.change, jobNo: change.jobNo };
      body.write(sse(LIVE_JOB_EVENT, event, change.seq));
    };
    const stopListening = this.live.listen({
      change: (change) => (held ? held.push(change) : pass(change)),
      reconnect: () => end('reconnect', LIVE_RECONNECT_HINT_MS),
    });

    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        const current = await this.stillValid(session);
        if (current === undefined) end('session');
        else role = current;
      } catch (error) {
        logger.warn(`Live stream of ${session.actor.username} ended: its session could not be checked (${(error as Error).message})`);
        end('unchecked');
      } finally {
        checking = false;
      }
    };
    const checker = setInterval(() => void check(), LIVE_SESSION_CHECK_MS);
    const expiry = setTimeout(() => end('expired'), Math.max(0, session.expiresAt - Date.now()));
    const keepAlive = setInterval(() => body.write(': keep-alive\n\n'), LIVE_KEEPALIVE_MS);

    let ended = false;
    /** Ends the stream; `retryMs`: with a reconnect hint (the session is fine, the gateway asks the browser to come back). */
    const end = (reason: string, retryMs?: number) => {
      if (ended) return;
      ended = true;
      stopListening();
      clearInterval(checker);
      clearInterval(keepAlive);
      clearTimeout(expiry);
      logger.debug?.(`Live stream of ${session.actor.username} ended: ${reason}`);
      if (retryMs !== undefined) body.write(`retry: ${retryMs}\n\n`);
      body.end();
    };
    // The browser went away (navigation, logout, a lost network): stop at once.
    reply.raw.on('close', () => end('closed'));
    request.raw.socket.on('close', () => end('closed'));
    body.on('error', () => end('error'));

    if (after === undefined) body.write(sse(LIVE_READY_EVENT, { resumed: false } satisfies LiveReady, sent));
    else
      void this.live.replay(after).then(
        (missed) => {
          if (ended) return;
          const resumed = missed !== undefined;
          body.write(sse(LIVE_READY_EVENT, { resumed } satisfies LiveReady, resumed ? undefined : this.live.sequence));
          if (!resumed) sent = Math.max(sent, this.live.sequence);
          for (const change of [...(missed ?? []), ...held!]) pass(change);
          held = undefined;
        },
        (error: unknown) => {
          logger.warn(`Live stream of ${session.actor.username} not resumed: ${(error as Error).message}`);
          end('unresumed', LIVE_RECONNECT_HINT_MS);
        },
      );
    return (
      reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        // nginx in front (the edge, an ingress) would otherwise hold the events in its buffer.
        .header('X-Accel-Buffering', 'no')
        .send(body)
    );
  }

  /** The session's current role while it is valid; undefined once it is not (revoked, expired, a new session version, deleted). */
  private async stillValid(session: Session): Promise<Session['actor']['role'] | undefined> {
    if (this.revocations.isRevoked(session.jti) || Date.now() >= session.expiresAt) return undefined;
    const state = await this.states.current(session.actor.id, session.kind);
    if (!state || state.sessionVersion !== session.sessionVersion) return undefined;
    return state.role;
  }
}
