import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tourQueries } from '../../api/tour-queries.js';

/**
 * After any save of a tour or its parts: the tour has a new version, so everything read of it is
 * refetched (the next save must carry the new version, or it would be refused as stale).
 */
export function useTourSaved() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: tourQueries.all }), [queryClient]);
}
