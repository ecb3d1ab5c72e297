import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BL_SEARCH_LIMIT, JobTexts, TrackingTexts, jobs, type ResourceHandlers, type StatusOfShipment, type Tracking } from '@freight/contracts';
import { AppError } from '@freight/server';
import { countCall } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { statusTimeline } from '../jobs/job-store.js';

type Handlers = ResourceHandlers<typeof jobs>;
export const TRACKING_OPERATIONS = ['searchbl'] as const satisfies readonly (keyof Handlers)[];
type Msg = Parameters<Handlers['searchbl']>[0];

interface TrackedRow {
  id: string;
  bl_no: string;
  container_no: string;
  vessel_name: string;
  origin_port: string;
  status_of_shipment: StatusOfShipment | null;
  etd: string | null;
  eta: string | null;
  wh_arrival_date: string | null;
  do_issue: string | null;
  de_stuff: string | null;
}

/** The newest live job with a BL number ($1), in any case, by its index. */
export const TRACKED_JOB_SQL = `SELECT id, bl_no, container_no, vessel_name, origin_port, status_of_shipment, etd::text AS etd, eta::text AS eta,
    wh_arrival_date::text AS wh_arrival_date, do_issue::text AS do_issue, de_stuff::text AS de_stuff
  FROM shipment.job WHERE lower(bl_no) = lower($1) AND bl_no <> '' AND deleted_at IS NULL ORDER BY job_number DESC LIMIT 1`;

/**
 * The public BL search (DECISIONS §5): no sign-in, so each client address may search
 * BL_SEARCH_LIMIT times a window (counted in Postgres, the contact form's limiter), and the
 * answer is the public tracking fields and the status timeline, nothing else (no names, amounts,
 * remarks). The newest live job with that BL number, in any case, by its index.
 */
@Injectable()
export class TrackingHandlers implements Pick<Handlers, 'searchbl'> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async searchbl({ ip, params }: Msg): Promise<Tracking> {
    await this.db.transaction(async (tx) => {
      const wait = await countCall(tx, 'shipment.bl_search_limit', ip, BL_SEARCH_LIMIT);
      if (wait !== null) throw new AppError('TOO_MANY_ATTEMPTS', TrackingTexts.tooMany(wait), { retryAfterSeconds: String(wait) });
    });
    const [job] = await this.db.query<TrackedRow[]>(TRACKED_JOB_SQL, [params.blNo]);
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
      history: await statusTimeline(this.db, job.id),
    };
  }
}
