import { QUEUE_GROUPS, Subjects } from './subjects.js';
import { SERVICES } from './common.js';

const all = (node: object): string[] => Object.values(node).flatMap((value) => (typeof value === 'string' ? [value] : all(value)));

describe('NATS subjects', () => {
  it('are `<service>.<thing>.<action>` under their own service, in a queue group named after it', () => {
    for (const service of SERVICES) {
      expect(QUEUE_GROUPS[service]).toBe(service);
      for (const subject of all(Subjects[service])) expect(subject.startsWith(`${service}.`)).toBe(true);
    }
  });

  // NATS permissions allow a service `<service>.>` and, for test namespaces, `*.<service>.>`
  // (tools/dev/nats-config.mjs). That wildcard would also match `<other>.<service>.x`.
  it('never use a service name as their second token, so `*.<service>.>` cannot reach another service', () => {
    const secondTokens = all(Subjects).map((subject) => subject.split('.')[1]);
    expect(secondTokens.filter((token) => (SERVICES as readonly string[]).includes(token))).toEqual([]);
  });
});
