// Jest globalSetup of the projects whose tests start the registered services from their `dist`:
// those builds brought up to date first (build-services.js), then the run's nats-server.
import buildServices from './build-services.js';
import natsSetup from './nats-setup.js';

export default async function servicesSetup() {
  buildServices();
  await natsSetup();
}
