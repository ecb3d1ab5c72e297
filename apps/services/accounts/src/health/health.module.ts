import { Module } from '@nestjs/common';
import { createHealthController } from '@freight/server-database';
import { SERVICE } from '../config.js';

@Module({ controllers: [createHealthController(SERVICE)] })
export class HealthModule {}
