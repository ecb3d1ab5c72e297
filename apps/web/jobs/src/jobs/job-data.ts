import { useQuery } from '@tanstack/react-query';
import { JobTexts, branches, consignees, jobs, origins, shipmentTerms, shipmentTypes, users, type Job } from '@freight/contracts';
import { ApiError, callApi, isApiError } from '@freight/web-kit';

/** The query-cache key of every jobs list and job: a save reloads them all. */
export const JOBS_KEY = 'jobs';

export const jobRoutes = jobs.routes;

/** The names the job forms offer (spec 02 §7 "Dropdown lists"), loaded together. */
export interface Dropdowns {
  users: string[];
  branches: string[];
  consignees: string[];
  origins: string[];
  types: string[];
  terms: string[];
}

export function useDropdowns() {
  return useQuery({
    queryKey: ['jobs', 'dropdowns'],
    queryFn: async ({ signal }): Promise<Dropdowns> => {
      const [userNames, branchCities, consigneeNames, originNames, types, terms] = await Promise.all([
        callApi(users.routes.usersUnique, undefined, { signal }),
        callApi(branches.routes.branchesUniqueCities, undefined, { signal }),
        callApi(consignees.routes.consigneesUnique, undefined, { signal }),
        callApi(origins.routes.originsUnique, undefined, { signal }),
        callApi(shipmentTypes.routes.ShipmentTypeUnique, undefined, { signal }),
        callApi(shipmentTerms.routes.ShipmentTermUnique, undefined, { signal }),
      ]);
      return { users: userNames, branches: branchCities, consignees: consigneeNames, origins: originNames, types, terms };
    },
    staleTime: 60_000,
  });
}

/** A job by number (edit and view job); a reply without it is a 404. */
export function useJob(jobNo: string) {
  return useQuery({
    queryKey: [JOBS_KEY, 'one', jobNo],
    queryFn: async ({ signal }): Promise<Job> => {
      const reply = await callApi(jobRoutes.shipmentsSearchworklist, { params: { jobNo } }, { signal });
      const job = reply.results[0];
      if (!job) throw new ApiError(JobTexts.jobNotFound, 404, 'NOT_FOUND', undefined, false);
      return job;
    },
    retry: false,
  });
}

/**
 * Load failures of a job screen (spec 02 §8): "Job not found" for a 404, the server's reason for
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
