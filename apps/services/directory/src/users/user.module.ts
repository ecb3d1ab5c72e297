import { Module, type OnModuleInit } from '@nestjs/common';
import { loadPasswordEstimator, users } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { RepositoryModule } from '../repository.module.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { UserHandlers } from './user.handlers.js';
import { UserInternalController } from './user-internal.controller.js';

@Module({
  imports: [RepositoryModule],
  controllers: [resourceController(users, UserHandlers), UserInternalController],
  providers: [UserHandlers, LoginThrottleService],
})
export class UserModule implements OnModuleInit {
  /** The message schemas check new passwords synchronously: the estimator is loaded before the first request. */
  onModuleInit(): Promise<void> {
    return loadPasswordEstimator();
  }
}
