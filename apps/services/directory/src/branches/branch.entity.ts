import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '@freight/server-database';
import type { Branch } from '@freight/contracts';

@Entity({ name: 'branch', schema: 'directory' })
export class BranchEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  city!: string;

  @Column('text')
  location!: string;

  @Column('text')
  contact!: string;

  @Column('text')
  code!: string;
}

export function toBranch(entity: BranchEntity): Branch {
  return { _id: entity.id, BranchCity: entity.city, Location: entity.location, Contact: entity.contact, Code: entity.code };
}
