import { z } from 'zod/mini';

/**
 * `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-header): a create sent again
 * with the same key and body within IDEMPOTENCY_TTL_HOURS answers the first result instead
 * of writing twice. Routes marked `idempotent` in the `api` table accept it.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** One random value per intended write (a UUID is ideal); printable ASCII only, as HTTP headers carry it. */
export const idempotencyKeySchema = z
  .string({ error: `${IDEMPOTENCY_KEY_HEADER} must be a string` })
  .check(
    z.minLength(1, `${IDEMPOTENCY_KEY_HEADER} must not be empty`),
    z.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH, `${IDEMPOTENCY_KEY_HEADER} must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`),
    z.regex(/^[\x20-\x7e]+$/, `${IDEMPOTENCY_KEY_HEADER} may hold only printable ASCII characters (no control characters)`),
  );

export const idempotencyKeyReusedMessage = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Send a new key for a new request.`;
