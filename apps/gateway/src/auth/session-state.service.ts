import { Injectable } from '@nestjs/common';
import { NatsRpcClient, RemoteError } from '@freight/server';
import type { ClientSessionState, UserSessionState } from '@freight/contracts';
import type { TokenKind } from './token.service.js';

/** A token's user or client as the directory knows them now. */
export type SessionState = UserSessionState | ClientSessionState;
const STATE_SUBJECTS = { staff: 'directory.user.sessionState', client: 'directory.client.sessionState' } as const;

/**
 * How old the user state a staff call is judged on may be: a new password, role or
 * username, or a delete, ends the user's sessions within this time on every replica.
 */
export const SESSION_STATE_MAX_AGE_MS = 1000;

interface Lookup {
  /** performance.now() when the request to the directory was sent. */
  startedAt: number;
  state: Promise<SessionState | null>;
}

/**
 * The user behind a token as the directory knows them now (null once deleted), asked at
 * most about once a second per user: calls share a lookup sent less than
 * SESSION_STATE_MAX_AGE_MS ago, whether it has answered yet or not (so a burst of calls
 * for one user costs one NATS request). The age counts from when the lookup was sent, not
 * from its answer, so a slow answer never stretches the bound. A failed lookup is not
 * kept: the next call asks again.
 */
@Injectable()
export class SessionStateService {
  /** Insertion order is start order (an id is set again only after its entry went), so the oldest come first. */
  private readonly lookups = new Map<string, Lookup>();

  constructor(private readonly rpc: NatsRpcClient) {}

  /**
   * `atLeastVersion`: the caller's token was signed with this session version, so a state older
   * than it predates the change that raised it (a sign-in right after a new password): that
   * state is looked up again, once for all who saw it, rather than kept for the rest of its second
   * (docs/adr/0007-session-version.md).
   */
  async current(id: string, kind: TokenKind = 'staff', atLeastVersion = 0): Promise<SessionState | null> {
    // Staff and clients are different tables: a key per kind, so neither answers for the other.
    const key = `${kind}:${id}`;
    const lookup = this.lookupOf(key, kind, id);
    const state = await lookup.state;
    if (!state || state.sessionVersion >= atLeastVersion) return state;
    // Whoever sees the stale answer first replaces it; the others join that newer lookup.
    if (this.lookups.get(key) === lookup) this.lookups.delete(key);
    return this.lookupOf(key, kind, id).state;
  }

  private lookupOf(key: string, kind: TokenKind, id: string): Lookup {
    const now = performance.now();
    this.forgetOlderThan(now - SESSION_STATE_MAX_AGE_MS);
    const known = this.lookups.get(key);
    if (known) return known;
    const lookup: Lookup = { startedAt: now, state: this.ask(kind, id) };
    this.lookups.set(key, lookup);
    lookup.state.catch(() => {
      if (this.lookups.get(key) === lookup) this.lookups.delete(key);
    });
    return lookup;
  }

  private async ask(kind: TokenKind, id: string): Promise<SessionState | null> {
    try {
      return await this.rpc.request(STATE_SUBJECTS[kind], { id }, { resendable: true });
    } catch (error) {
      if (error instanceof RemoteError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  private forgetOlderThan(time: number): void {
    for (const [id, lookup] of this.lookups) {
      if (lookup.startedAt > time) return;
      this.lookups.delete(id);
    }
  }
}
