import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '@freight/server-database';
import type { Department, StaffRole, User } from '@freight/contracts';
import { BranchEntity } from '../branches/branch.entity.js';

@Entity({ name: 'app_user', schema: 'directory' })
export class UserEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text', { name: 'full_name' })
  fullName!: string;

  @Column('text')
  username!: string;

  @Column('text')
  email!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  @Column('uuid', { name: 'branch_id' })
  branchId!: string;

  @ManyToOne(() => BranchEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'branch_id' })
  branch?: BranchEntity;

  @Column('text')
  contact!: string;

  @Column('text')
  role!: StaffRole;

  @Column('text')
  department!: Department;

  /** Raised by every change that ends the user's sessions (see UserHandlers.update). */
  @Column('integer', { name: 'session_version', default: 1 })
  sessionVersion!: number;
}

/** What the public shape is made from: an entity with its branch city, or a row the repository reads (USER_COLUMNS). */
export type UserFields = Pick<UserEntity, 'id' | 'fullName' | 'username' | 'email' | 'contact' | 'role' | 'department'> & { branchCity: string };

/** The public shape: never the hash. */
export function toUser(fields: UserFields): User {
  return {
    _id: fields.id,
    fullName: fields.fullName,
    username: fields.username,
    email: fields.email,
    branchCity: { BranchCity: fields.branchCity },
    contact: fields.contact,
    role: fields.role,
    department: fields.department,
  };
}
