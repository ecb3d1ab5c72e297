import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { internalMessages, renamed, type ReplyOf, type RequestOf, type ResourceDef, type ResourceHandlers } from '@freight/contracts';
import type { $ZodType, output } from 'zod/v4/core';
import { ZodPayloadPipe } from './validation.js';

/** What `resourceController` needs of a resource: its definition, subjects and message schemas (`defineResource` derives them). */
export type ServedResource = ResourceDef & { subjects: Record<string, string>; messages: Record<string, $ZodType> };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The NATS controller of a resource (ADR 15): one `@MessagePattern(resource.subjects[op])` per
 * operation of the definition, each validating the message with `resource.messages[op]` (the
 * schema the gateway built it with; control characters are refused first) and answering what
 * `handlers[op](message)` answers, the body's fields renamed first where the operation names them
 * (`names`, ADR 56). The handlers class is a provider of the same module; a
 * service writes the handlers and no controller. `operations` serves only those: a resource
 * whose calls belong to several modules of a service (jobs: lists and edits, e-mails, deletion,
 * tracking) gets a controller per module.
 */
export function resourceController<R extends ServedResource, Op extends keyof R['operations'] & string = keyof R['operations'] & string>(
  resource: R,
  handlers: Type<Pick<ResourceHandlers<R>, Op>>,
  operations: readonly Op[] = Object.keys(resource.operations) as Op[],
): Type<unknown> {
  type Handlers = Record<string, (message: unknown) => Promise<unknown>>;

  @Controller()
  class ResourceController {
    constructor(@Inject(handlers) readonly handlers: Handlers) {}
  }
  Object.defineProperty(ResourceController, 'name', { value: `${cap(resource.name)}Controller` });

  for (const op of operations) {
    const subject = resource.subjects[op];
    const schema = resource.messages[op];
    if (subject === undefined || schema === undefined)
      throw new Error(`${resource.key}.${op}: the resource has no subject or message schema (made with defineResource?)`);
    // The body as the handler reads it: the spec's names of its fields replaced by the code's (ADR 56).
    const names = resource.operations[op]?.names;
    const handle = function (this: ResourceController, message: unknown): Promise<unknown> {
      const handler = this.handlers[op];
      if (typeof handler !== 'function') throw new Error(`${handlers.name} has no handler for ${subject}`);
      const { body } = message as { body?: object };
      return handler.call(this.handlers, names && body ? { ...(message as object), body: renamed(body, names) } : message);
    };
    Object.defineProperty(handle, 'name', { value: op });
    Object.defineProperty(ResourceController.prototype, op, { value: handle, writable: true, configurable: true });
    Payload(new ZodPayloadPipe(schema))(ResourceController.prototype, op, 0);
    MessagePattern(subject)(ResourceController.prototype, op, Object.getOwnPropertyDescriptor(ResourceController.prototype, op)!);
  }
  return ResourceController;
}

type HandlerDescriptor<Request, Reply> = TypedPropertyDescriptor<(message: Request) => Promise<Reply>>;

/**
 * `@ValidatedMessage(subject, schema)` on a controller method: the handler of `subject`, its one
 * argument the message checked with `schema` (VALIDATION_FAILED otherwise, as ZodPayloadPipe).
 */
export function ValidatedMessage<S extends $ZodType>(subject: string, schema: S) {
  return <Reply>(target: object, key: string | symbol, descriptor: HandlerDescriptor<output<S>, Reply>): HandlerDescriptor<output<S>, Reply> => {
    Payload(new ZodPayloadPipe(schema))(target, key, 0);
    return MessagePattern(subject)(target, key, descriptor) ?? descriptor;
  };
}

/** The subjects that are no REST call's (contracts' `internalMessages`) and carry a schema. */
export type InternalSubject = keyof typeof internalMessages;

/**
 * `@InternalMessage('directory.user.sessionState')`: the handler of an internal subject, its
 * message checked with the contracts' schema for it, its signature checked against the message map.
 */
export function InternalMessage<S extends InternalSubject>(subject: S) {
  return (target: object, key: string | symbol, descriptor: HandlerDescriptor<RequestOf<S>, ReplyOf<S>>): HandlerDescriptor<RequestOf<S>, ReplyOf<S>> => {
    Payload(new ZodPayloadPipe(internalMessages[subject].request))(target, key, 0);
    return MessagePattern(subject)(target, key, descriptor) ?? descriptor;
  };
}
