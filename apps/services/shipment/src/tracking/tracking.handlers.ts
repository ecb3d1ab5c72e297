import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BL_SEARCH_LIMIT, JobTexts, TrackingTexts, jobs, type ResourceHandlers, type Tracking } from '@freight/contracts';
import { AppError, JsonReply } from '@freight/server';
import { callWait } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { JobRepository } from '../jobs/job.repository.js';

type Handlers = ResourceHandlers<typeof jobs>;
export const TRACKING_OPERATIONS = ['trackShipment'] as const satisfies readonly (keyof Handlers)[];
type Msg = Parameters<Handlers['trackShipment']>[0];

/**
 * The public BL search (requirements decisions §5): no sign-in, so each client address may search
 * BL_SEARCH_LIMIT times a window (counted in Postgres, the contact form's limiter), and the
 * answer is the public tracking fields and the status timeline, nothing else (no names, amounts,
 * remarks). The newest live job with that BL number, in any case, by its index.
 */
@Injectable()
export class TrackingHandlers implements Pick<Handlers, 'trackShipment'> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly jobs: JobRepository,
  ) {}

  /** One statement (JobRepository.track): the call counted, and the reply built by Postgres, sent on as its bytes. */
  async trackShipment({ ip, params }: Msg): Promise<JsonReply<Tracking>> {
    const tracked = await this.jobs.track(this.db, ip, BL_SEARCH_LIMIT, params.blNo);
    const wait = callWait(tracked, BL_SEARCH_LIMIT);
    if (wait !== null) throw new AppError('TOO_MANY_ATTEMPTS', TrackingTexts.tooMany(wait), { retryAfterSeconds: String(wait) });
    if (tracked.json === null) throw new AppError('NOT_FOUND', JobTexts.blNotFound);
    return new JsonReply(tracked.json);
  }
}
