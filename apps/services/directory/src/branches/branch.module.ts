import { Module } from '@nestjs/common';
import { branches } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { RepositoryModule } from '../repository.module.js';
import { BranchHandlers } from './branch.handlers.js';

@Module({ imports: [RepositoryModule], controllers: [resourceController(branches, BranchHandlers)], providers: [BranchHandlers] })
export class BranchModule {}
