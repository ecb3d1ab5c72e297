/*
 * The public BL search (`GET /api/shipments/searchbl/{blNo}`, requirements decisions §5): anyone may call it, so
 * it is limited per client address, enough for a person tracking their shipments and too few to
 * walk the BL numbers of other people's.
 */

/** Searches one client address may make per window (the 31st in a minute is refused). */
export const BL_SEARCH_LIMIT = { calls: 30, windowSeconds: 60 } as const;

export const TrackingTexts = {
  /** No job has this BL number (404). */
  notFound: 'No shipment found with the provided BL number.',
  /** Over the limit (429; Retry-After has the seconds). */
  tooMany: (retryAfterSeconds: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return `Too many searches from your address. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  },
} as const;
