import { useSearchParams } from 'react-router-dom';
import type { Direction } from '@freight/contracts';

/** The direction of the screen's address (the Export tiles add `?direction=Export`); Import unless it says Export. */
export function useDirection(): Direction {
  const [params] = useSearchParams();
  return params.get('direction') === 'Export' ? 'Export' : 'Import';
}
