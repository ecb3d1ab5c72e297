import registry from './services.json' with { type: 'json' };
import { QUEUE_GROUPS, SERVICES, healthSubject, serviceEntry, serviceRegistry } from './services.js';
import { internalMessages, type Subject } from './subjects.js';

describe('service registry (services.json)', () => {
  it('names in SERVICES (the ServiceName type) exactly the registered services, in registry order', () => {
    expect([...SERVICES]).toEqual(registry.services.map((s) => s.name));
    expect(serviceRegistry()).toEqual(registry.services);
  });

  it('gives each service its registry entry and its registered queue group', () => {
    for (const service of SERVICES) {
      expect(serviceEntry(service)).toBe(registry.services.find((s) => s.name === service));
      expect(QUEUE_GROUPS[service]).toBe(serviceEntry(service).queueGroup);
    }
    expect(Object.keys(QUEUE_GROUPS)).toEqual([...SERVICES]);
    expect(() => serviceEntry('nope' as never)).toThrow('nope is not in the service registry');
  });

  it('declares the health message of every service', () => {
    const subjects: Subject[] = SERVICES.map((service) => healthSubject(service));
    for (const subject of subjects) expect(Object.keys(internalMessages)).toContain(subject);
    expect(healthSubject('directory')).toBe('directory.health');
  });
});
