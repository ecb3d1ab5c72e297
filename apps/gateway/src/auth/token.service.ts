import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { SESSION_LENGTH_MS, isClientRole, isStaffRole, type Actor, type ClientActor } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { unauthorized } from '../http/errors.js';

export const TOKEN_ISSUER = 'freight-gateway';
export const TOKEN_AUDIENCE = 'freight-staff';
/** Client tokens (consignees, shippers) have an audience of their own: the token's kind. */
export const CLIENT_TOKEN_AUDIENCE = 'freight-client';
const AUDIENCES = { staff: TOKEN_AUDIENCE, client: CLIENT_TOKEN_AUDIENCE } as const;
/** Who a token is for: staff (the console's calls) or a client (the portal's); neither is taken for the other. */
export type TokenKind = keyof typeof AUDIENCES;
const ALGORITHM = 'HS256';
const LIFETIME_SECONDS = SESSION_LENGTH_MS / 1000;
/** Distinct live tokens remembered as verified; the least recently used is forgotten first. */
const VERIFIED_CACHE_SIZE = 10_000;

/** What a verified token tells: its kind, who, which token (for revocation) and the user's session version when it was signed. */
export type Session = StaffSession | ClientSession;
export interface StaffSession extends SessionBase {
  kind: 'staff';
  actor: Actor;
}
export interface ClientSession extends SessionBase {
  kind: 'client';
  actor: ClientActor;
}
interface SessionBase {
  jti: string;
  /** The user's `sessionVersion` at sign-in: the token dies once the directory's differs. */
  sessionVersion: number;
  /** Millisecond timestamp after which the token is refused. */
  expiresAt: number;
}

/**
 * Signs and verifies session tokens: HS256 only, issuer and audience pinned, a unique
 * jti per token, the user's session version (`sv`, checked by AuthGuard), and a lifetime of SESSION_LENGTH_MS that is enforced here twice —
 * by `exp` and by `maxTokenAge` on `iat` — so a token minted with a longer `exp` still dies on time.
 *
 * A token that verified is remembered (by its exact text) until the first of those two
 * limits, so repeated calls skip the signature check; revocation is checked by the caller
 * on every call regardless.
 */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
  /** token → its session and the millisecond time it stops being valid; Map order = least recently used first. */
  private readonly verified = new Map<string, { session: Session; validUntil: number }>();

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'JWT_SECRET'>) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
  }

  async sign(actor: Actor, sessionVersion: number): Promise<{ token: string } & StaffSession>;
  async sign(actor: ClientActor, sessionVersion: number, kind: 'client'): Promise<{ token: string } & ClientSession>;
  async sign(actor: Actor | ClientActor, sessionVersion: number, kind: TokenKind = 'staff'): Promise<{ token: string } & Session> {
    const jti = randomUUID();
    const issuedAt = Math.floor(Date.now() / 1000);
    const exp = issuedAt + LIFETIME_SECONDS;
    const token = await new SignJWT({ username: actor.username, role: actor.role, sv: sessionVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(actor.id)
      .setJti(jti)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(AUDIENCES[kind])
      .setIssuedAt(issuedAt)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, kind, actor, jti, sessionVersion, expiresAt: exp * 1000 } as { token: string } & Session;
  }

  /** Resolves the session of a valid token; any defect at all is a 401 with the catalogue text. */
  async verify(token: string): Promise<Session> {
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      if (Date.now() < known.validUntil) {
        this.verified.set(token, known);
        return copy(known.session);
      }
    }
    const { issuedAt, ...session } = await this.verifySignedToken(token);
    // Good until `exp` or the session length after `iat`, whichever comes first (as jwtVerify enforces).
    this.remember(token, session, Math.min(session.expiresAt, issuedAt + SESSION_LENGTH_MS));
    return copy(session);
  }

  private async verifySignedToken(token: string): Promise<Session & { issuedAt: number }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: [TOKEN_AUDIENCE, CLIENT_TOKEN_AUDIENCE],
        maxTokenAge: LIFETIME_SECONDS,
        requiredClaims: ['sub', 'jti', 'iat', 'exp', 'sv'],
      });
      const { sub, jti, exp, iat, username, role, sv, aud } = payload;
      const kind: TokenKind = aud === CLIENT_TOKEN_AUDIENCE ? 'client' : 'staff';
      const roleFits = kind === 'client' ? isClientRole(role) : isStaffRole(role);
      if (!sub || !jti || typeof exp !== 'number' || typeof iat !== 'number' || typeof username !== 'string' || !roleFits || !Number.isSafeInteger(sv)) {
        throw new Error('token claims are incomplete');
      }
      const base = { jti, sessionVersion: sv as number, expiresAt: exp * 1000, issuedAt: iat * 1000 };
      return { ...base, kind, actor: { id: sub, username, role } } as Session & { issuedAt: number };
    } catch {
      throw unauthorized();
    }
  }

  private remember(token: string, session: Session, validUntil: number): void {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { session, validUntil });
  }
}

/** Callers may change the session they get (the guard refreshes the actor): never hand out the remembered one. */
const copy = (session: Session): Session => ({ ...session, actor: { ...session.actor } }) as Session;
