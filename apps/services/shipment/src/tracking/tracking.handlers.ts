import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BL_SEARCH_LIMIT, JobTexts, TrackingTexts, jobs, type ResourceHandlers, type Tracking } from '@freight/contracts';
import { AppError } from '@freight/server';
import { countCall } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { JobHistoryRepository } from '../jobs/job-history.repository.js';
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
    private readonly history: JobHistoryRepository,
  ) {}

  async trackShipment({ ip, params }: Msg): Promise<Tracking> {
    await this.db.transaction(async (tx) => {
      const wait = await countCall(tx, 'shipment.bl_search_limit', ip, BL_SEARCH_LIMIT);
      if (wait !== null) throw new AppError('TOO_MANY_ATTEMPTS', TrackingTexts.tooMany(wait), { retryAfterSeconds: String(wait) });
    });
    const job = await this.jobs.tracked(this.db, params.blNo);
    if (!job) throw new AppError('NOT_FOUND', JobTexts.blNotFound);
    return {
      blNo: job.bl_no,
      containerNo: job.container_no,
      Vesselname: job.vessel_name,
      originPort: job.origin_port,
      statusOfShipment: job.status_of_shipment,
      etd: job.etd,
      eta: job.eta,
      warehouseArrivalDate: job.wh_arrival_date,
      doIssue: job.do_issue,
      deStuff: job.de_stuff,
      history: await this.history.statusTimeline(this.db, job.id),
    };
  }
}
