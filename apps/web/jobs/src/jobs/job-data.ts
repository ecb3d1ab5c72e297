import { useQuery } from '@tanstack/react-query';
import {
  JobTexts,
  branches,
  consignees,
  forwarders,
  jobs,
  origins,
  plainJob,
  shipmentTerms,
  shipmentTypes,
  shippers,
  users,
  yards,
  type PlainJob,
} from '@freight/contracts';
import { ApiError, callApi, isApiError, type ListRoute } from '@freight/web-kit';

/** The query-cache key of every jobs list and job: a save reloads them all. */
export const JOBS_KEY = 'jobs';

export const jobRoutes = jobs.routes;

/**
 * The reference fields of the job and booking forms (requirements 02 §7 "Dropdown lists"): each a picker
 * over its list call, by the row's name field (docs/adr/0041).
 */
export const REFERENCES = {
  user: { route: users.routes.usersAll, field: 'fullName' },
  branch: { route: branches.routes.branchesAll, field: 'BranchCity' },
  consignee: { route: consignees.routes.consigneesAll, field: 'consigneeName' },
  shipper: { route: shippers.routes.shippersAll, field: 'shipperName' },
  forwarder: { route: forwarders.routes.forwardersAll, field: 'Forwarder' },
  yard: { route: yards.routes.yardsAll, field: 'YardName' },
  origin: { route: origins.routes.originsAll, field: 'OriginPortName' },
  type: { route: shipmentTypes.routes.ShipmentTypeAll, field: 'TypeofShipment' },
  term: { route: shipmentTerms.routes.ShipmentTermAll, field: 'TermofShipment' },
} as const satisfies Record<string, { route: ListRoute; field: string }>;
export type Reference = keyof typeof REFERENCES;

/** A job by number (edit and view job), by plain names; a reply without it is a 404. */
export function useJob(jobNo: string) {
  return useQuery({
    queryKey: [JOBS_KEY, 'one', jobNo],
    queryFn: async ({ signal }): Promise<PlainJob> => {
      const reply = await callApi(jobRoutes.shipmentsFindJob, { params: { jobNo } }, { signal });
      const job = reply.results[0];
      if (!job) throw new ApiError(JobTexts.jobNotFound, 404, 'NOT_FOUND', undefined, false);
      return plainJob(job);
    },
    retry: false,
  });
}

/**
 * Load failures of a job screen (requirements 02 §8): "Job not found" for a 404, the server's reason for
 * a refusal (another employee's job), else "Error fetching job data".
 */
export function jobLoadErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 404) return JobTexts.jobNotFound;
  return isApiError(error) && error.status === 403 && error.fromServer ? error.message : JobTexts.jobFetchError;
}

/** Today as `YYYY-MM-DD` in the browser's time zone (the default date of a new job). */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
