import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import { AppError, natsConnectionOptions } from '@freight/server';
import { Messages } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';

/** `t1.` → `t1-pdf-leases`: bucket names allow no dots. */
export function pdfLeaseBucketName(namespace: string): string {
  const prefix = namespace.replace(/\.$/, '');
  return prefix ? `${prefix}-pdf-leases` : 'pdf-leases';
}

/**
 * How long a lease outlives a gateway that died holding it (the bucket's TTL): far longer than a
 * statement PDF is in hand (10,000 lines: a few seconds), short enough that a crash costs its
 * user a slot for a minute at most.
 */
export const PDF_LEASE_TTL_MS = 60_000;

/**
 * A user's statement PDFs in hand, counted for every gateway replica together in a JetStream KV
 * bucket (docs/adr/0053-state-of-each-process-with-replicas.md): slot `n` of a user is the key
 * `<user id>.<n>`, taken with a create (which fails while another lease holds it) and given
 * back with a delete of that revision. A slot its gateway never gave back expires with the
 * bucket's TTL.
 */
@Injectable()
export class PdfLeases implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PdfLeases.name);
  private nc?: NatsConnection;
  private kv?: KV;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit(): Promise<void> {
    this.nc = await connect(natsConnectionOptions(this.config, `${this.config.NATS_NAMESPACE}gateway-pdf-leases`));
    this.kv = await new Kvm(this.nc).create(pdfLeaseBucketName(this.config.NATS_NAMESPACE), {
      history: 1,
      ttl: PDF_LEASE_TTL_MS,
      replicas: this.config.NATS_STREAM_REPLICAS,
    });
  }

  /**
   * One of the user's `slots`, with the function that gives it back (awaited before the PDF is
   * answered, so the user's next request finds it free); undefined when every slot is held. NATS unreachable: a 503 (the statement could not be fetched either).
   */
  async take(userId: string, slots: number): Promise<(() => Promise<void>) | undefined> {
    for (let slot = 0; slot < slots; slot++) {
      const key = `${userId}.${slot}`;
      try {
        const revision = await this.kv!.create(key, '');
        return () => this.give(key, revision);
      } catch (error) {
        if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamWrongLastSequence) continue; // held
        this.logger.warn(`Could not take a PDF slot of ${userId}: ${(error as Error).message}`);
        throw new AppError('SERVICE_UNAVAILABLE', Messages.serviceUnavailable);
      }
    }
    return undefined;
  }

  /** Only while the slot is still this lease's (an expired one may have been taken since); a failure leaves it to the TTL. */
  private async give(key: string, revision: number): Promise<void> {
    await this.kv!.delete(key, { previousSeq: revision }).catch((error: unknown) =>
      this.logger.warn(`A PDF slot (${key}) was not given back, it expires in ${PDF_LEASE_TTL_MS / 1000} s: ${(error as Error).message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.drain().catch(() => undefined);
  }
}
