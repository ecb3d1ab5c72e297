import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '@freight/web-session';
import { useSession } from '@freight/web-kit';
import { connectLiveJobs } from './live-jobs.js';

/** Changes arriving this close together reload the lists once. */
export const LIVE_COALESCE_MS = 150;

/**
 * Keeps the lists named by `listKeys` (their query-cache keys: `useServerList`'s `key`, e.g.
 * `['worklist', 'booklist']`) fresh while the screen is open: every job change the signed-in user
 * may see marks them stale, and the shown page reloads (well within 2 s of the save). After a break
 * the stream reconnects with backoff; the gateway replays the changes missed meanwhile, and when it
 * cannot (a gap too old or too long) the lists reload once.
 * A 401 on reconnecting means the session ended on the server: the browser logs out too.
 */
export function useLiveJobs(listKeys: readonly string[]): void {
  const queryClient = useQueryClient();
  const token = useSession()?.token;
  // The keys as a value: a new array of the same keys on each render does not reconnect.
  const keys = listKeys.join('\u0000');
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!token) return undefined;
    const names = keys === '' ? [] : keys.split('\u0000');
    const reload = () => {
      if (pending.current !== undefined) return;
      pending.current = setTimeout(() => {
        pending.current = undefined;
        for (const name of names) void queryClient.invalidateQueries({ queryKey: [name] });
      }, LIVE_COALESCE_MS);
    };
    const live = connectLiveJobs({
      token,
      onJob: reload,
      onOpen: (reconnected) => {
        if (reconnected) reload();
      },
      onUnauthorized: () => void logout('unauthorized'),
    });
    return () => {
      live.close();
      clearTimeout(pending.current);
      pending.current = undefined;
    };
  }, [queryClient, token, keys]);
}
