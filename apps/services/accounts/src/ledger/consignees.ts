import { AccountsTexts } from '@freight/contracts';
import { AppError } from '@freight/server';
import type { Tx } from '@freight/server-database';

export interface ConsigneeRef {
  id: string;
  name: string;
}

/**
 * The consignee a body or query names (any case), as the directory's events made it known here;
 * one it does not know is a 400 beside `field`.
 */
export async function consigneeByName(tx: Pick<Tx, 'query'>, name: string, field: string): Promise<ConsigneeRef> {
  const [row] = await tx.query<ConsigneeRef[]>(
    `SELECT id, name FROM accounts.consignee WHERE lower(name) = lower($1) AND deleted_at IS NULL AND from_directory ORDER BY updated_at DESC, id LIMIT 1`,
    [name.trim()],
  );
  if (!row) throw new AppError('VALIDATION_FAILED', AccountsTexts.unknownConsignee, { [field]: AccountsTexts.unknownConsignee });
  return row;
}
