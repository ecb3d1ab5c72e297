import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Kvm, type KV, type KvEntry } from '@nats-io/kv';
import { AppError, natsConnectionOptions } from '@freight/server';
import { Messages, SESSION_LENGTH_MS } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import type { Session } from './token.service.js';

/** `t1.` → `t1-revoked-tokens`: bucket names allow no dots. */
export function revocationBucketName(namespace: string): string {
  const prefix = namespace.replace(/\.$/, '');
  return prefix ? `${prefix}-revoked-tokens` : 'revoked-tokens';
}

const INITIAL_LOAD_TIMEOUT_MS = 5000;
const PRUNE_INTERVAL_MS = 60_000;

/**
 * Revoked token ids, shared by every gateway replica through a JetStream KV bucket
 * (key = jti, value = the token's expiry). Each replica watches the bucket into a local
 * map, so checking a token costs no round trip; entries expire with the bucket's TTL
 * (the token lifetime) on the server and are pruned from the map once their token is dead anyway.
 */
@Injectable()
export class RevocationService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RevocationService.name);
  private readonly revoked = new Map<string, number>();
  private nc?: NatsConnection;
  private kv?: KV;
  private pruneTimer?: NodeJS.Timeout;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit(): Promise<void> {
    this.nc = await connect(natsConnectionOptions(this.config, `${this.config.NATS_NAMESPACE}gateway-revocations`));
    this.kv = await new Kvm(this.nc).create(revocationBucketName(this.config.NATS_NAMESPACE), {
      history: 1,
      ttl: SESSION_LENGTH_MS,
      replicas: this.config.NATS_STREAM_REPLICAS,
    });
    await this.watch(this.kv);
    this.pruneTimer = setInterval(() => this.prune(), PRUNE_INTERVAL_MS).unref();
  }

  isRevoked(jti: string): boolean {
    return this.revoked.has(jti);
  }

  /** Revoke here at once, then for every replica; a NATS failure is a 503 (the client may retry). */
  async revoke(session: Pick<Session, 'jti' | 'expiresAt'>): Promise<void> {
    this.revoked.set(session.jti, session.expiresAt);
    try {
      await this.kv!.put(session.jti, String(session.expiresAt));
    } catch (error) {
      this.logger.warn(`Could not store the revocation of ${session.jti}: ${(error as Error).message}`);
      throw new AppError('SERVICE_UNAVAILABLE', Messages.serviceUnavailable);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.nc?.drain().catch(() => undefined);
  }

  /** Starts the watch and waits until the entries already stored are loaded. */
  private async watch(kv: KV): Promise<void> {
    const stored = (await kv.status()).values;
    const watcher = await kv.watch({ key: '>' });
    let markLoaded!: () => void;
    const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
    if (stored === 0) markLoaded();
    void (async () => {
      for await (const entry of watcher) {
        this.apply(entry);
        if (entry.delta === 0) markLoaded();
      }
    })().catch((error: unknown) => this.logger.error(`Revocation watch stopped: ${(error as Error).message}`));
    const timer = setTimeout(() => {
      this.logger.warn('Revocations still loading; serving with those received so far');
      markLoaded();
    }, INITIAL_LOAD_TIMEOUT_MS);
    await loaded;
    clearTimeout(timer);
  }

  private apply(entry: KvEntry): void {
    if (entry.operation === 'PUT') this.revoked.set(entry.key, Number(entry.string()) || Date.now() + SESSION_LENGTH_MS);
    else this.revoked.delete(entry.key);
  }

  private prune(): void {
    const now = Date.now();
    for (const [jti, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(jti);
  }
}
