import { Inject, Injectable, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { eventStreamName, type BalanceChangedEvent } from '@freight/contracts';
import { namespacedSubject, type NatsConfig } from '@freight/server';
import { EventConsumers, InvalidEvent, durableName, type ReceivedEvent, type Tx } from '@freight/server-database';
import type { DataSource } from 'typeorm';
import { SERVICE } from '../config.js';

type Nats = Pick<NatsConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>;
const BALANCE_COPY_NATS = Symbol('BalanceCopyNats');

/** The durable consumer's purpose; its name is `directory_accounts` (tools/dev/nats-config.mjs grants exactly that). */
export const ACCOUNTS_DURABLE = 'accounts';

/**
 * `events.accounts.balance.updated` (ADR 34) to `directory.consignee.balance_owed`: the balance
 * after the change, written whole, so the last event wins and a repeat changes nothing. Events
 * come in commit order (ADR 21). A consignee the directory no longer has is left alone.
 */
export async function applyBalanceEvent(tx: Tx, { subject, payload }: ReceivedEvent): Promise<void> {
  const balance = (payload as Partial<BalanceChangedEvent> | undefined)?.after;
  if (!balance?.consignee_id || typeof balance.balance !== 'string') throw new InvalidEvent(`${subject} has no balance`);
  await tx.query(`UPDATE directory.consignee SET balance_owed = $2 WHERE id = $1`, [balance.consignee_id, balance.balance]);
}

/**
 * The balance owed that the consignee replies carry (docs/adr/0041): a durable consumer
 * on EVENTS_ACCOUNTS that starts beside the directory (EventConsumers: it waits for the stream).
 */
@Injectable()
export class BalanceCopy implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly consumers: EventConsumers;

  constructor(
    @Inject(BALANCE_COPY_NATS) private readonly config: Nats,
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
  ) {
    this.consumers = new EventConsumers(SERVICE, ACCOUNTS_DURABLE, config);
  }

  async onApplicationBootstrap(): Promise<void> {
    const namespace = this.config.NATS_NAMESPACE;
    await this.consumers.start([
      {
        dataSource: this.dataSource,
        stream: eventStreamName('accounts'),
        durable: durableName(SERVICE, ACCOUNTS_DURABLE, namespace),
        filterSubject: namespacedSubject(namespace, 'events.accounts.balance.>'),
        handle: applyBalanceEvent,
      },
    ]);
  }

  onApplicationShutdown(): Promise<void> {
    return this.consumers.stop();
  }
}

@Module({})
export class BalanceCopyModule {
  static register(nats: Nats): DynamicModule {
    return { module: BalanceCopyModule, providers: [{ provide: BALANCE_COPY_NATS, useValue: nats }, BalanceCopy] };
  }
}
