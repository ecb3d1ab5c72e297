import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { JobTexts, api, plainJob, type PlainJob } from '@freight/contracts';
import { ApiError, callApi, isApiError, serverMessage } from '@freight/web-kit';

/** The query cache's name of one booking (under the lists' name: a saved booking reloads both). */
export const bookingKey = (jobNo: string) => ['bookings', 'one', jobNo] as const;

/** The booking of the route's `:jobNo` (searchbooklist, requirements 02 §7: `results[0]`), by plain names. */
export function useBooking() {
  const jobNo = useParams().jobNo ?? '';
  const booking = useQuery({
    queryKey: bookingKey(jobNo),
    queryFn: async ({ signal }): Promise<PlainJob> => {
      const { results } = await callApi(api.shipmentsFindBooking, { params: { jobNo } }, { signal });
      const job = results[0];
      if (!job) throw new ApiError(JobTexts.bookingNotFound, 404, 'NOT_FOUND');
      return plainJob(job);
    },
    retry: false,
  });
  return { jobNo, booking };
}

/** requirements 02 §8: "Booking not found" (404), the server's reason for a refusal (403), else "Error fetching booking data". */
export function bookingLoadErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 404) return JobTexts.bookingNotFound;
  if (isApiError(error) && error.status === 403) return serverMessage(error, JobTexts.bookingFetchError);
  return JobTexts.bookingFetchError;
}
