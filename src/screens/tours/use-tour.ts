import { useOutletContext } from 'react-router-dom';
import type { Tour } from '../../domain/tours/tour-schema.js';

/** What the tour layout hands every tab: the loaded tour and how the address names it (id or slug). */
export type TourOutletContext = { tour: Tour; tourRef: string };

/** The tour of the tab on screen; only for screens rendered inside the tour layout. */
export function useTour(): TourOutletContext {
  return useOutletContext<TourOutletContext>();
}
