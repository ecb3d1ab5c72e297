import { Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { NatsRpcClient } from '@freight/server';
import type { MessageReply } from '@freight/contracts';
import { Input, Route } from '../http/route.decorator.js';
import type { RouteInput } from '../http/validation.js';

/** The public contact form: the notification service limits messages per client address (hence the ip) and answers 429 over the limit. */
@Controller()
export class ContactController {
  constructor(private readonly rpc: NatsRpcClient) {}

  @Route('contact')
  contact(@Input() { body }: RouteInput<'contact'>, @Req() request: FastifyRequest): Promise<MessageReply> {
    return this.rpc.request('notification.contact.submit', { ...body, ip: request.ip });
  }
}
