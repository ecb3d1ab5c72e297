import { Module } from '@nestjs/common';
import { BRANCH_USERS } from './branches/branch.handlers.js';
import { BranchRepository } from './branches/branch.repository.js';
import { UserRepository } from './users/user.repository.js';

/**
 * The directory's repositories, its only way to the database (the login throttle apart). A
 * module that needs to know something of another's table asks through a port the asking module
 * declares, bound here: a branch counts its users through BRANCH_USERS.
 */
@Module({
  providers: [BranchRepository, UserRepository, { provide: BRANCH_USERS, useExisting: UserRepository }],
  exports: [BranchRepository, UserRepository, BRANCH_USERS],
})
export class RepositoryModule {}
