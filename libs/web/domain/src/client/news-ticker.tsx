import { useEffect, useState } from 'react';
import { Box, Text } from '@mantine/core';
import { clientNews } from '@freight/contracts';
import { callApi } from '@freight/web-kit';

/** requirements 02 §9: the client news ticker takes 45 seconds a loop. */
export const TICKER_LOOP_SECONDS = 45;
export const NO_NEWS_TEXT = 'No news available';
export const LOADING_TEXT = 'Loading...';

// The loop: the items scroll from the right edge out at the left, 45 s a loop. It stops while the
// pointer is over it or the keyboard is in it (to read an item), and does not move at all for
// people who asked their system for less motion: then the items are a plain list.
const TICKER_CSS = `
@keyframes freight-ticker { from { transform: translateX(100%); } to { transform: translateX(-100%); } }
.freight-ticker { overflow: hidden; }
.freight-ticker__items { display: flex; gap: 3rem; width: max-content; min-width: 100%; margin: 0; padding: 0; list-style: none;
  animation: freight-ticker ${TICKER_LOOP_SECONDS}s linear infinite; }
.freight-ticker__items > li { white-space: nowrap; }
.freight-ticker:hover .freight-ticker__items, .freight-ticker:focus-within .freight-ticker__items { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) {
  .freight-ticker__items { animation: none; flex-direction: column; gap: 0.25rem; width: auto; }
  .freight-ticker__items > li { white-space: normal; }
}
`;

/**
 * The client news ticker (requirements 02 §2, the client sign-in and the consignee's sheet): the active
 * news items (`GET /api/clientnews/active`, public) scrolling 45 s a loop; "Loading..." while they
 * come, "No news available" when there are none. A failed fetch is only logged (requirements 02 §8) and
 * reads as no news. A plain fetch, no query client: the portal's sign-in page (its first render)
 * has none (the kit's services load with the first remote screen). The route from its resource,
 * not from the whole `api` table, which would weigh on that first render.
 */
export function NewsTicker() {
  const [items, setItems] = useState<string[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    callApi(clientNews.routes.clientnewsActive, undefined, { signal: abort.signal, auth: false }).then(
      (news) => setItems(news.map((item) => item.news.trim()).filter(Boolean)),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('Client news could not be loaded', error);
        setItems([]);
      },
    );
    return () => abort.abort();
  }, []);
  return (
    <Box component="section" aria-label="Client news" bg="blue.0" px="md" py="xs" style={{ borderRadius: 4 }}>
      {items === null ? (
        <Text size="sm">{LOADING_TEXT}</Text>
      ) : items.length === 0 ? (
        <Text size="sm">{NO_NEWS_TEXT}</Text>
      ) : (
        // Focusable, so a keyboard user can stop it too.
        <div className="freight-ticker" tabIndex={0} role="group" aria-label="News items (pauses while pointed at or focused)">
          <style>{TICKER_CSS}</style>
          <ul className="freight-ticker__items" data-loop-seconds={TICKER_LOOP_SECONDS}>
            {items.map((text, i) => (
              <li key={`${i}-${text}`}>
                <Text span size="sm" fw={500}>
                  {text}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Box>
  );
}
