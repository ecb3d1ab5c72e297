import { Module } from '@nestjs/common';
import { LoginThrottleService } from '../users/login-throttle.service.js';
import { ClientAccountsRepository } from './client-accounts.repository.js';
import { ClientLoginController } from './client-login.controller.js';

@Module({ controllers: [ClientLoginController], providers: [ClientAccountsRepository, LoginThrottleService] })
export class ClientLoginModule {}
