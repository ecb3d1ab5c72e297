import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClientNats, ServerNats, type MicroserviceOptions, type NatsOptions } from '@nestjs/microservices';
// Not re-exported from the package root; the package exports every file path.
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import type { MsPattern } from '@nestjs/microservices/interfaces/pattern.interface.js';
import { Messages, QUEUE_GROUPS, isErrorBody, type ErrorBody, type ReplyOf, type RequestOf, type ServiceName, type Subject } from '@freight/contracts';
import { TimeoutError, firstValueFrom, timeout } from 'rxjs';
import type { NatsConfig } from './config.js';
import { RemoteError } from './errors.js';

type NatsConnectionOptions = Required<NatsOptions>['options'];

function connectionOptions(config: Pick<NatsConfig, 'NATS_URL'>, name: string): NatsConnectionOptions {
  return {
    servers: config.NATS_URL.split(',').map((url) => url.trim()),
    name,
    // Keep trying for ever once connected: a NATS restart must not need a service restart.
    reconnect: true,
    maxReconnectAttempts: -1,
  };
}

/** `subject` as it travels on the wire under a namespace (`t1.` + `directory.health`). */
export function namespacedSubject(namespace: string, subject: string): string {
  return namespace + subject;
}

/**
 * Nest's NATS server with every subject (and the queue group, set in the options)
 * under a namespace. Handlers are stored under the prefixed subject, and looked up by
 * the subject they were subscribed with, so the prefix is applied exactly once.
 */
export class NamespacedServerNats extends ServerNats {
  constructor(
    private readonly namespace: string,
    options: NatsConnectionOptions,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return namespacedSubject(this.namespace, super.normalizePattern(pattern));
  }

  override getHandlerByPattern(subject: string) {
    return this.messageHandlers.get(subject) ?? null;
  }
}

/** Nest's NATS client sending every pattern under a namespace. */
class NamespacedClientNats extends ClientNats {
  constructor(
    private readonly namespace: string,
    options: NatsConnectionOptions,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return namespacedSubject(this.namespace, super.normalizePattern(pattern));
  }
}

/**
 * Options for `NestFactory.createMicroservice`: the service listens in its queue group
 * (replicas share the load, each request runs once), namespaced like its subjects.
 */
export function natsMicroserviceOptions(service: ServiceName, config: NatsConfig): MicroserviceOptions {
  return {
    strategy: new NamespacedServerNats(config.NATS_NAMESPACE, {
      ...connectionOptions(config, `${config.NATS_NAMESPACE}${service}`),
      queue: namespacedSubject(config.NATS_NAMESPACE, QUEUE_GROUPS[service]),
      // On shutdown stop taking requests first and let the ones in flight finish.
      gracefulShutdown: true,
      gracePeriod: 300,
    }),
  };
}

export interface RequestOptions {
  /** Overrides NATS_REQUEST_TIMEOUT_MS for this call. */
  timeoutMs?: number;
}

/**
 * Typed request/reply over NATS for callers of services (the gateway, tests, tools).
 * Every request has a timeout; every failure rejects with a RemoteError whose body is
 * the service's `{code, message, details}`, SERVICE_TIMEOUT, SERVICE_UNAVAILABLE or INTERNAL.
 */
export class NatsRpcClient implements OnApplicationShutdown {
  private readonly client: NamespacedClientNats;
  private readonly logger = new Logger(NatsRpcClient.name);

  constructor(
    private readonly config: NatsConfig,
    name = 'rpc-client',
  ) {
    this.client = new NamespacedClientNats(config.NATS_NAMESPACE, connectionOptions(config, `${config.NATS_NAMESPACE}${name}`));
  }

  /** Connect now (otherwise the first request connects). Rejects if NATS does not answer. */
  async connect(): Promise<void> {
    await this.client.connect();
  }

  async request<S extends Subject>(subject: S, data: RequestOf<S>, options: RequestOptions = {}): Promise<ReplyOf<S>> {
    const timeoutMs = options.timeoutMs ?? this.config.NATS_REQUEST_TIMEOUT_MS;
    try {
      return await firstValueFrom(this.client.send<ReplyOf<S>, RequestOf<S>>(subject, data).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw new RemoteError(this.toBody(subject, error));
    }
  }

  /** True when NATS answers a round trip within the timeout. */
  async ping(timeoutMs = 1000): Promise<boolean> {
    try {
      const nc = (await this.client.connect()) as { flush(): Promise<void> };
      await Promise.race([nc.flush(), new Promise((_, reject) => setTimeout(() => reject(new Error('NATS ping timed out')), timeoutMs).unref())]);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  private toBody(subject: string, error: unknown): ErrorBody {
    if (isErrorBody(error)) return error;
    if (error instanceof TimeoutError) {
      this.logger.warn(`No reply on ${subject} within the timeout`);
      return { code: 'SERVICE_TIMEOUT', message: Messages.serviceTimeout };
    }
    if (error instanceof EmptyResponseException) {
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
