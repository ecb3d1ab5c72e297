/** The back-end services (the service registry lists how each one runs). */
export const SERVICES = ['directory'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Each service listens in a queue group named after it, so replicas share the load. */
export const QUEUE_GROUPS: Record<ServiceName, string> = { directory: 'directory' };
