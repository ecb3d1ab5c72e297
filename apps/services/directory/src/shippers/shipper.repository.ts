import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { shippers } from '@freight/contracts';
import { DataSource } from 'typeorm';
import { ClientRepository } from '../clients/client.repository.js';
import { ShipperEntity } from './shipper.entity.js';

type Sort = (typeof shippers.sortFields)[number];

/** What a read selects, named as the entity's properties. */
const COLUMNS = `s.id, s.shipper_name AS "shipperName", s.username, s.password_hash AS "passwordHash", s.session_version AS "sessionVersion",
  s.email, s.address, s.mobile, s.handling_person_name AS "handlingPersonName", s.remarks, s.created_by AS "createdBy", s.updated_by AS "updatedBy"`;

/** directory.shipper: by name first; each sort walks its index, the list's search the name's trigram index. */
@Injectable()
export class ShipperRepository extends ClientRepository<ShipperEntity, Sort> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, ShipperEntity, 'shipper', {
      alias: 's',
      key: 'id',
      columns: COLUMNS,
      sort: {
        shipperName: ['lower(s.shipper_name)'],
        shipper_id: ['s.id'],
        username: ['lower(s.username)'],
        email: ['lower(s.email)', 's.id'],
        address: ['lower(s.address)', 's.id'],
        mobile: ['lower(s.mobile)', 's.id'],
        handlingPersonName: ['lower(s.handling_person_name)', 's.id'],
      },
      search: ['shipperName'],
      unique: { shipperName: 'ux_shipper_name' },
    });
  }
}
