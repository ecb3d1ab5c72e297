// Jest globalSetup of the gateway, whose tests start the registered services from their `dist`
// and draw statement PDFs in worker threads that load the gateway's own `dist`: those builds
// brought up to date first (build-services.js), then the run's nats-server.
import { buildProjects } from './build-services.js';
import { SERVICES } from '../dev/services.mjs';
import natsSetup from './nats-setup.js';

export default async function servicesSetup() {
  buildProjects(['@freight/gateway', ...SERVICES.map((service) => service.project)]);
  await natsSetup();
}
