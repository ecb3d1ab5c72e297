import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.js';

/**
 * The one query client of the console (created by the host, shared with the
 * remotes through the react-query singleton). A refused call (4xx) is not retried:
 * asking again will not change the answer.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
