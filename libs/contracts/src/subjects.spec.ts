import { QUEUE_GROUPS, SERVICES } from './services.js';
import { allSubjects } from './subjects.js';

describe('NATS subjects', () => {
  it('are `<service>.<thing>.<action>` under their own service, in a queue group named after it', () => {
    for (const service of SERVICES) expect(QUEUE_GROUPS[service]).toBe(service);
    for (const subject of allSubjects()) expect(SERVICES.some((service) => subject.startsWith(`${service}.`))).toBe(true);
  });

  // NATS permissions allow a service `<service>.>` and, for test namespaces, `*.<service>.>`
  // (tools/dev/nats-config.mjs). That wildcard would also match `<other>.<service>.x`.
  it('never use a service name as their second token, so `*.<service>.>` cannot reach another service', () => {
    const secondTokens = allSubjects().map((subject) => subject.split('.')[1]);
    expect(secondTokens.filter((token) => (SERVICES as readonly string[]).includes(token!))).toEqual([]);
  });
});
