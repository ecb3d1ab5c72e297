import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * Remote URLs are not part of the host's build: the deployment serves
 * /remotes.json, e.g. {"masterData": "/remotes/master-data/remoteEntry.js"},
 * mapping each remote's federation name to its remoteEntry.js URL (not a manifest: the
 * host's runtime is built without the manifest reader, ADR 18).
 * A remote can so be redeployed, or moved, without rebuilding its host (the console, the portal: each
 * serves its own registry).
 */
export type RemoteRegistry = Record<string, string>;

export const REGISTRY_URL = '/remotes.json';

let registry: Promise<RemoteRegistry> | undefined;

export function parseRegistry(value: unknown): RemoteRegistry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('remotes.json must be an object of remote name to URL');
  }
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  for (const [name, url] of entries) {
    if (/\.json(\?|#|$)/.test(url)) throw new Error(`remotes.json: ${name} must name the remote's remoteEntry.js, not a manifest (${url})`);
  }
  return Object.fromEntries(entries);
}

async function fetchRegistry(): Promise<RemoteRegistry> {
  const response = await fetch(REGISTRY_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${REGISTRY_URL} answered ${response.status}`);
  const remotes = parseRegistry(await response.json());
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
  return remotes;
}

/** Fetch and register the registry once (started at boot, awaited by the first remote slot). */
export function loadRegistry(): Promise<RemoteRegistry> {
  registry ??= fetchRegistry().catch((error: unknown) => {
    registry = undefined; // let a retry fetch it again
    throw error;
  });
  return registry;
}

/**
 * Load an exposed module of a remote, e.g. ('masterData', './routes').
 * `retry` forgets a failed attempt so the remote's files are fetched again.
 */
export async function loadRemoteModule<T>(remote: string, exposed: string, retry = false): Promise<T> {
  const remotes = await loadRegistry();
  const entry = remotes[remote];
  if (!entry) throw new Error(`Remote ${remote} is not listed in ${REGISTRY_URL}`);
  if (retry) registerRemotes([{ name: remote, entry }], { force: true });
  const module = await loadRemote<T>(`${remote}/${exposed.replace(/^\.\//, '')}`);
  if (!module) throw new Error(`Remote ${remote} did not provide ${exposed}`);
  return module;
}
