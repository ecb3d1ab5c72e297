import { Module } from '@nestjs/common';
import { consignees } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { ConsigneeHandlers } from './consignee.handlers.js';
import { ConsigneeRepository } from './consignee.repository.js';

/** directory.consignee.*: one validated NATS handler per operation of the definition. */
@Module({
  controllers: [resourceController(consignees, ConsigneeHandlers)],
  providers: [ConsigneeRepository, ConsigneeHandlers],
  exports: [ConsigneeRepository],
})
export class ConsigneeModule {}
