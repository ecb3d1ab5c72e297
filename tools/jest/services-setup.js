// Jest globalSetup of the system tests (apps/system-tests): what they run from `dist` brought up to date first
// (build-services.js), then the run's nats-server.
import buildProjects from './build-services.js';
import natsSetup from './nats-setup.js';

export default async function servicesSetup() {
  buildProjects();
  await natsSetup();
}
