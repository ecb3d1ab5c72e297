import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ServiceHealth, ServiceName } from '@freight/contracts';
import { DataSource } from 'typeorm';

/** A real round trip to Postgres, bounded so a stuck pool reads as "down" rather than a hang. */
export async function checkDatabase(dataSource: DataSource, timeoutMs = 2000): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      dataSource.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database health check timed out')), timeoutMs);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** The `<service>.health` handler of a service with a TypeORM data source. */
export function createHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

    @MessagePattern(`${service}.health`)
    async health(): Promise<ServiceHealth> {
      return { service, database: await checkDatabase(this.dataSource) };
    }
  }
  return HealthController;
}
