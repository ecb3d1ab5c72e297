import { Controller, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ReferenceCount, ReferenceCountRequest } from '@freight/contracts';
import { InternalMessage } from '@freight/server';
import { DataSource } from 'typeorm';
import { isId } from '../ledger/ledger.js';
import { ReferenceRepository } from './reference.repository.js';

const ENTRIES = { one: 'account entry', many: 'account entries' };

/**
 * `accounts.references.count` (ADR 30, 34): how many invoices and live credits name a consignee
 * (by its id, as the delete URL names it). The gateway asks before deleting the consignee and
 * refuses (409) while any does: its money would be left without its consignee.
 */
@Injectable()
export class ReferenceCounter {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly references: ReferenceRepository,
  ) {}

  async count({ thing, key }: ReferenceCountRequest): Promise<ReferenceCount> {
    if (thing !== 'consignees' || !isId(key)) return { count: 0, ...ENTRIES };
    return { count: await this.references.entriesOf(this.db, key), ...ENTRIES };
  }
}

@Controller()
export class ReferencesController {
  constructor(private readonly counter: ReferenceCounter) {}

  @InternalMessage('accounts.references.count')
  count(message: ReferenceCountRequest): Promise<ReferenceCount> {
    return this.counter.count(message);
  }
}

@Module({ controllers: [ReferencesController], providers: [ReferenceCounter, ReferenceRepository] })
export class ReferencesModule {}
