import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Branch } from '@freight/contracts';

@Entity({ name: 'branch', schema: 'directory' })
export class BranchEntity {
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column('uuid', { name: 'updated_by', nullable: true })
  updatedBy!: string | null;
}

export function toBranch(entity: BranchEntity): Branch {
  return { _id: entity.id, BranchCity: entity.city, Location: entity.location, Contact: entity.contact, Code: entity.code };
}
