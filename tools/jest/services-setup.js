// Jest globalSetup of the gateway: what its tests run from `dist` brought up to date first
// (build-services.js), then the run's nats-server.
import buildProjects from './build-services.js';
import natsSetup from './nats-setup.js';

export default async function servicesSetup() {
  buildProjects();
  await natsSetup();
}
