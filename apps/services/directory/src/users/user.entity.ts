import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Department, StaffRole, User } from '@freight/contracts';
import { BranchEntity } from '../branches/branch.entity.js';

@Entity({ name: 'app_user', schema: 'directory' })
export class UserEntity {
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column('uuid', { name: 'updated_by', nullable: true })
  updatedBy!: string | null;
}

/** The public shape: never the hash. */
export function toUser(entity: UserEntity & { branch: BranchEntity }): User {
  return {
    _id: entity.id,
    fullName: entity.fullName,
    username: entity.username,
    email: entity.email,
    branchCity: { BranchCity: entity.branch.city },
    contact: entity.contact,
    role: entity.role,
    department: entity.department,
  };
}
