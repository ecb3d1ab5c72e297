import { describe, expect, it } from '@jest/globals';
import { debianSources } from './build.mjs';
import { withoutDefaultUlimits } from './podman.mjs';

describe('containers.conf for runc here (withoutDefaultUlimits)', () => {
  it('adds the section and the setting to an empty or missing file', () => {
    expect(withoutDefaultUlimits('')).toBe('[containers]\ndefault_ulimits = []\n');
  });

  it('puts the setting under an existing [containers], keeping the other settings and sections', () => {
    const text = '[engine]\nevents_logger = "file"\n\n[containers]\nlog_size_max = 100\n\n[network]\n';
    expect(withoutDefaultUlimits(text)).toBe('[engine]\nevents_logger = "file"\n\n[containers]\ndefault_ulimits = []\nlog_size_max = 100\n\n[network]\n');
  });

  it('replaces ulimits set there, and leaves a file that has the setting as it is', () => {
    expect(withoutDefaultUlimits('[containers]\ndefault_ulimits = ["nofile=1024:2048"]\n')).toBe('[containers]\ndefault_ulimits = []\n');
    const done = '[containers]\ndefault_ulimits = []\n';
    expect(withoutDefaultUlimits(done)).toBe(done);
  });
});

describe("the machine's apt sources for debootstrap (debianSources)", () => {
  it('reads deb822 .sources stanzas and one-line sources.list entries for bookworm only', () => {
    const deb822 = [
      'Types: deb',
      'URIs: http://deb.debian.org/debian',
      'Suites: bookworm bookworm-updates',
      'Components: main',
      '',
      'Types: deb',
      'URIs: http://deb.debian.org/debian-security',
      'Suites: bookworm-security',
      'Components: main',
    ].join('\n');
    const oneLine =
      'deb [arch=amd64] http://mirror.example/debian bookworm main contrib\ndeb http://other.example/debian trixie main\n# deb http://x bookworm main\n';
    expect(debianSources([deb822, oneLine])).toEqual([
      { uri: 'http://deb.debian.org/debian', suites: ['bookworm', 'bookworm-updates'], components: ['main'] },
      { uri: 'http://deb.debian.org/debian-security', suites: ['bookworm-security'], components: ['main'] },
      { uri: 'http://mirror.example/debian', suites: ['bookworm'], components: ['main', 'contrib'] },
    ]);
  });
});
