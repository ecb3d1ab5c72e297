import { Module } from '@nestjs/common';
import { LoginThrottleService } from './login-throttle.service.js';
import { UserController } from './user.controller.js';
import { UserService } from './user.service.js';

@Module({ controllers: [UserController], providers: [UserService, LoginThrottleService] })
export class UserModule {}
