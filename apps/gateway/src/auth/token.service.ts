import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { SESSION_LENGTH_MS, isStaffRole, type Actor } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { unauthorized } from '../http/errors.js';

export const TOKEN_ISSUER = 'freight-gateway';
export const TOKEN_AUDIENCE = 'freight-staff';
const ALGORITHM = 'HS256';
const LIFETIME_SECONDS = SESSION_LENGTH_MS / 1000;

/** What a verified token tells: who, and which token (for revocation). */
export interface Session {
  actor: Actor;
  jti: string;
  /** Millisecond timestamp after which the token is refused. */
  expiresAt: number;
}

/**
 * Signs and verifies session tokens: HS256 only, issuer and audience pinned, a unique
 * jti per token, and a lifetime of SESSION_LENGTH_MS that is enforced here twice —
 * by `exp` and by `maxTokenAge` on `iat` — so a token minted with a longer `exp` still dies on time.
 */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'JWT_SECRET'>) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
  }

  async sign(actor: Actor): Promise<{ token: string } & Session> {
    const jti = randomUUID();
    const issuedAt = Math.floor(Date.now() / 1000);
    const exp = issuedAt + LIFETIME_SECONDS;
    const token = await new SignJWT({ username: actor.username, role: actor.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(actor.id)
      .setJti(jti)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, actor, jti, expiresAt: exp * 1000 };
  }

  /** Resolves the session of a valid token; any defect at all is a 401 with the catalogue text. */
  async verify(token: string): Promise<Session> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        maxTokenAge: LIFETIME_SECONDS,
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      });
      const { sub, jti, exp, username, role } = payload;
      if (!sub || !jti || typeof exp !== 'number' || typeof username !== 'string' || !isStaffRole(role)) {
        throw new Error('token claims are incomplete');
      }
      return { actor: { id: sub, username, role }, jti, expiresAt: exp * 1000 };
    } catch {
      throw unauthorized();
    }
  }
}
