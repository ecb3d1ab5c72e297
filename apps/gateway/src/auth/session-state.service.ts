import { Injectable } from '@nestjs/common';
import { NatsRpcClient, RemoteError } from '@freight/server';
import { type UserSessionState } from '@freight/contracts';

/**
 * How old the user state a staff call is judged on may be: a new password, role or
 * username, or a delete, ends the user's sessions within this time on every replica.
 */
export const SESSION_STATE_MAX_AGE_MS = 1000;

interface Lookup {
  /** performance.now() when the request to the directory was sent. */
  startedAt: number;
  state: Promise<UserSessionState | null>;
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

  current(id: string): Promise<UserSessionState | null> {
    const now = performance.now();
    this.forgetOlderThan(now - SESSION_STATE_MAX_AGE_MS);
    const known = this.lookups.get(id);
    if (known) return known.state;
    const lookup: Lookup = { startedAt: now, state: this.ask(id) };
    this.lookups.set(id, lookup);
    lookup.state.catch(() => {
      if (this.lookups.get(id) === lookup) this.lookups.delete(id);
    });
    return lookup.state;
  }

  private async ask(id: string): Promise<UserSessionState | null> {
    try {
      return await this.rpc.request('directory.user.sessionState', { id });
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
