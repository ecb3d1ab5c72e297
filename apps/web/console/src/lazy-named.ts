import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component in a chunk of its own, fetched the first time it renders (React.lazy for a
 * named export). The router's screens use it, so a signed-out visit does not bring the
 * dashboard's code and the dashboard does not bring every screen. A navigation keeps the
 * current screen on show until the next one has loaded (React Router navigates in a
 * transition); the first render of a page waits for its chunks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component is passed through as it is
export function lazyNamed<K extends string, C extends ComponentType<any>>(load: () => Promise<Record<K, C>>, name: K): LazyExoticComponent<C> {
  return lazy(async () => ({ default: (await load())[name] }));
}
