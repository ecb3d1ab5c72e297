import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BranchListQuery } from '@freight/contracts';
import { EntityRepository } from '@freight/server-database';
import { DataSource } from 'typeorm';
import { BranchEntity } from './branch.entity.js';

/** ORDER BY per sort field: city and code by their unique indexes; the (small) table sorts the rest, ties by id. */
const SORT: Record<NonNullable<BranchListQuery['sort']>, readonly string[]> = {
  BranchCity: ['lower(b.city)'],
  Location: ['lower(b.location)', 'b.id'],
  Contact: ['b.contact', 'b.id'],
  Code: ['lower(b.code)'],
};

/** directory.branch: the city is the natural key; city and code are unique whatever their case. */
@Injectable()
export class BranchRepository extends EntityRepository<BranchEntity, BranchEntity, NonNullable<BranchListQuery['sort']>> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, BranchEntity, {
      alias: 'b',
      key: 'city',
      sort: SORT,
      search: ['city', 'location'],
      unique: { city: 'ux_branch_city', code: 'ux_branch_code' },
    });
  }

  /** Every city, by the city index. */
  async cities(): Promise<string[]> {
    const rows = await this.dataSource.query<{ city: string }[]>(`SELECT b.city FROM directory.branch b ORDER BY lower(b.city)`);
    return rows.map((row) => row.city);
  }
}
