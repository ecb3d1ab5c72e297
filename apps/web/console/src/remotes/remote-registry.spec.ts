import { parseRegistry } from './remote-registry.js';

describe('remote registry (/remotes.json)', () => {
  it('maps remote names to their manifest URLs', () => {
    expect(parseRegistry({ masterData: '/remotes/master-data/mf-manifest.json' })).toEqual({
      masterData: '/remotes/master-data/mf-manifest.json',
    });
  });

  it('drops entries that are not URLs', () => {
    expect(parseRegistry({ a: '', b: 3, c: '/c/remoteEntry.js' })).toEqual({ c: '/c/remoteEntry.js' });
  });

  it('refuses anything but an object', () => {
    expect(() => parseRegistry(['x'])).toThrow('remotes.json must be an object');
    expect(() => parseRegistry(null)).toThrow('remotes.json must be an object');
  });
});
