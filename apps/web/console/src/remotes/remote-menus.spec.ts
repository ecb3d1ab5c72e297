import { jest } from '@jest/globals';

const loadRegistry = jest.fn<() => Promise<Record<string, string>>>();
const loadRemoteModule = jest.fn<(remote: string, exposed: string, retry?: boolean) => Promise<unknown>>();
jest.unstable_mockModule('../../../../../libs/web/kit/src/remote-registry.js', () => ({
  REGISTRY_URL: '/remotes.json',
  parseRegistry: (value: unknown) => value,
  loadRegistry,
  loadRemoteModule,
}));
const { MENU_TIMEOUT_MS, forgetMenus, loadMenus, loadedMenus } = await import('./remote-menus.js');

const menuA = { tiles: [] };
const menuB = { tiles: [{ label: 'B' }] };

describe('loading the remotes’ menus', () => {
  beforeEach(() => {
    forgetMenus();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadRegistry.mockReset().mockResolvedValue({ a: '/remotes/a/remoteEntry.js', b: '/remotes/b/remoteEntry.js' });
    loadRemoteModule.mockReset().mockImplementation(async (remote) => ({ default: remote === 'a' ? menuA : menuB }));
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('loads ./menu of every remote in /remotes.json, in its order, once', async () => {
    const [first, second] = await Promise.all([loadMenus(), loadMenus()]); // a page mounted twice asks once
    expect(first).toEqual([
      { remote: 'a', menu: menuA },
      { remote: 'b', menu: menuB },
    ]);
    expect(second).toBe(first);
    expect(loadedMenus()).toBe(first);
    await loadMenus();
    expect(loadRemoteModule.mock.calls).toEqual([
      ['a', './menu', false],
      ['b', './menu', false],
    ]);
  });

  it('a remote that fails counts as failed, the others load; the next attempt fetches its files again', async () => {
    loadRemoteModule.mockRejectedValueOnce(new Error('503'));
    expect(await loadMenus()).toEqual([
      { remote: 'a', failed: true },
      { remote: 'b', menu: menuB },
    ]);
    expect(loadedMenus()).toBeUndefined(); // a page shown again tries once more
    expect(await loadMenus()).toEqual([
      { remote: 'a', menu: menuA },
      { remote: 'b', menu: menuB },
    ]);
    expect(loadRemoteModule.mock.calls).toEqual([
      ['a', './menu', false],
      ['b', './menu', false],
      ['a', './menu', true],
    ]);
  });

  it('a remote that does not answer counts as failed after the time limit', async () => {
    jest.useFakeTimers();
    loadRemoteModule.mockImplementation((remote) => (remote === 'a' ? new Promise(() => {}) : Promise.resolve({ default: menuB })));
    const loading = loadMenus();
    await jest.advanceTimersByTimeAsync(MENU_TIMEOUT_MS - 1);
    let settled = false;
    void loading.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await loading).toEqual([
      { remote: 'a', failed: true },
      { remote: 'b', menu: menuB },
    ]);
  });

  it('without /remotes.json nothing is loaded and the registry counts as failed', async () => {
    loadRegistry.mockRejectedValueOnce(new Error('/remotes.json answered 503'));
    expect(await loadMenus()).toEqual([{ remote: '/remotes.json', failed: true }]);
    expect(loadRemoteModule).not.toHaveBeenCalled();
    expect(await loadMenus()).toHaveLength(2);
  });
});
