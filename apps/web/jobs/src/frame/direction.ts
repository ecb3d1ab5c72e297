import { useSearchParams } from 'react-router-dom';

/** A job's direction (DECISIONS §2): the Export tiles open the same screens with `?direction=Export`. */
export type Direction = 'Import' | 'Export';

/** The direction of the screen's address; Import unless it says Export. */
export function useDirection(): Direction {
  const [params] = useSearchParams();
  return params.get('direction') === 'Export' ? 'Export' : 'Import';
}

/** `path` for the direction: Import is the plain path, Export adds `?direction=Export`. */
export function withDirection(path: string, direction: Direction): string {
  return direction === 'Export' ? `${path}?direction=Export` : path;
}
