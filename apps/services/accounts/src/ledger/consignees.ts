import { AccountsTexts } from '@freight/contracts';
import { AppError } from '@freight/server';
import type { Db } from '@freight/server-database';
import { consigneeRepository, type ConsigneeRef } from './consignee.repository.js';

/**
 * The consignee a body or query names (any case), as the directory's events made it known here;
 * one it does not know is a 400 beside `field`.
 */
export async function consigneeByName(db: Db, name: string, field: string): Promise<ConsigneeRef> {
  const row = await consigneeRepository.byName(db, name.trim());
  if (!row) throw new AppError('VALIDATION_FAILED', AccountsTexts.unknownConsignee, { [field]: AccountsTexts.unknownConsignee });
  return row;
}
