import { Module, type OnModuleInit } from '@nestjs/common';
import { loadPasswordEstimator } from '@freight/contracts';
import { LoginThrottleService } from './login-throttle.service.js';
import { UserController } from './user.controller.js';
import { UserService } from './user.service.js';

@Module({ controllers: [UserController], providers: [UserService, LoginThrottleService] })
export class UserModule implements OnModuleInit {
  /** The payload schemas check new passwords synchronously: the estimator is loaded before the first request. */
  onModuleInit(): Promise<void> {
    return loadPasswordEstimator();
  }
}
