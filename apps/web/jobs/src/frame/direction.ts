import type { Direction } from '@freight/contracts';

// The Export tiles open the same screens with `?direction=Export`; @freight/web-domain/jobs reads it (the console's frame too).
export type { Direction } from '@freight/contracts';
export { useDirection } from '@freight/web-domain/jobs';

/** `path` for the direction: Import is the plain path, Export adds `?direction=Export`. */
export function withDirection(path: string, direction: Direction): string {
  return direction === 'Export' ? `${path}?direction=Export` : path;
}
