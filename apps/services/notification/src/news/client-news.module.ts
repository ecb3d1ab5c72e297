import { Module } from '@nestjs/common';
import { clientNews } from '@freight/contracts';
import { resourceController } from '@freight/server';
import { ClientNewsHandlers } from './client-news.handlers.js';

/** Client news: every call of its definition, one handler each. */
@Module({ controllers: [resourceController(clientNews, ClientNewsHandlers)], providers: [ClientNewsHandlers] })
export class ClientNewsModule {}
