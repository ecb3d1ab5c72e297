import type { DataSource, EntityManager } from 'typeorm';
import { idempotentTransaction, type IdempotentRequest } from './idempotency.js';

/** SQLSTATE of a unique-index violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Run a write in one transaction. A unique index can still refuse the write when two
 * requests race past the service's own checks; the error for that index (by name) is
 * thrown instead, so the caller gets the same clear 409 either way. Anything else rethrows.
 * With `idempotency` (a create that carried an Idempotency-Key), a repeat answers the first
 * result instead of writing again (see idempotentTransaction).
 */
export async function writeTransaction<T>(
  dataSource: DataSource,
  uniqueViolations: Record<string, () => Error>,
  work: (manager: EntityManager) => Promise<T>,
  idempotency?: IdempotentRequest,
): Promise<T> {
  try {
    return await (idempotency ? idempotentTransaction(dataSource, idempotency, work) : dataSource.transaction(work));
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
    const mapped = code === UNIQUE_VIOLATION && constraint !== undefined ? uniqueViolations[constraint] : undefined;
    throw mapped ? mapped() : error;
  }
}
