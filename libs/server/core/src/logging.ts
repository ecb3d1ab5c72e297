import type { LoggerService } from '@nestjs/common';
import { pino, type Logger as PinoLogger } from 'pino';
import type { LogLevel } from './config.js';

/** JSON logs on stdout, one line per event, tagged with the service name. */
export function createPinoLogger(service: string, level: LogLevel = 'info'): PinoLogger {
  return pino({ name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** Nest's logger interface over pino, so framework and application logs share one format. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: PinoLogger) {}

  log = (message: unknown, ...params: unknown[]) => this.write('info', message, params);
  error = (message: unknown, ...params: unknown[]) => this.write('error', message, params);
  warn = (message: unknown, ...params: unknown[]) => this.write('warn', message, params);
  debug = (message: unknown, ...params: unknown[]) => this.write('debug', message, params);
  verbose = (message: unknown, ...params: unknown[]) => this.write('trace', message, params);
  fatal = (message: unknown, ...params: unknown[]) => this.write('fatal', message, params);

  /** Nest passes the context (class name) last, and for errors the stack before it. */
  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, params: unknown[]) {
    const rest = [...params];
    const context = typeof rest.at(-1) === 'string' ? (rest.pop() as string) : undefined;
    const stack = typeof rest[0] === 'string' && rest[0].includes('\n    at ') ? (rest.shift() as string) : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (stack) fields.stack = stack;
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...(message as object) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}

export function createNestLogger(service: string, level: LogLevel = 'info'): PinoNestLogger {
  return new PinoNestLogger(createPinoLogger(service, level));
}
