import { parseRegistry } from './remote-registry.js';

describe('remote registry (/remotes.json)', () => {
  it('maps remote names to their remoteEntry.js URLs', () => {
    expect(parseRegistry({ masterData: '/remotes/master-data/remoteEntry.js' })).toEqual({
      masterData: '/remotes/master-data/remoteEntry.js',
    });
  });

  it('drops entries that are not URLs', () => {
    expect(parseRegistry({ a: '', b: 3, c: '/c/remoteEntry.js' })).toEqual({ c: '/c/remoteEntry.js' });
  });

  it('refuses a manifest URL, which the console cannot read, naming the remote', () => {
    expect(() => parseRegistry({ masterData: '/remotes/master-data/mf-manifest.json' })).toThrow(
      "remotes.json: masterData must name the remote's remoteEntry.js, not a manifest (/remotes/master-data/mf-manifest.json)",
    );
  });

  it('refuses anything but an object', () => {
    expect(() => parseRegistry(['x'])).toThrow('remotes.json must be an object');
    expect(() => parseRegistry(null)).toThrow('remotes.json must be an object');
  });
});
