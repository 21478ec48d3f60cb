import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { priceHistoryQueries } from '../../api/price-history-queries';
import { referenceQueries } from '../../api/reference-queries';
import { confirmAction } from '../../ui/confirm-dialog';
import { notifySuccess } from '../../ui/notify';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { bulkPricingQueries, modelQueries } from '../../api/model-queries';
import { pricingQueries } from '../../api/pricing-queries';
import { countWords } from '../../domain/count-words';

/**
 * Roll back a /pgt rates change (issue 22): asks first, naming what it restores, then puts the
 * rates back and recomputes every season the change touched on the server. A refusal (409: a
 * season or the model changed since) is the mutation's error, shown where the button is.
 */
export function useRollbackChangeSet(onDone: () => void) {
  const queryClient = useQueryClient();
  const rollback = useMutation({
    mutationFn: (changeSetId: number) => api.priceHistory.rollback({ params: { changeSetId } }),
    ...REPORTS_OWN_ERRORS,
    onSuccess: (result) => {
      notifySuccess(`Rolled back the rate change: ${countWords(result.rows, 'row')} in ${countWords(result.seasons, 'season')} restored`);
      // Prices of many seasons, the model or currency and their versions moved: every view of them reloads.
      for (const queryKey of [pricingQueries.all, ['season-data'], modelQueries.all, bulkPricingQueries.all, referenceQueries.all, priceHistoryQueries.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      onDone();
    },
  });
  const start = async (changeSetId: number, span: { seasons: number; rows: number }) => {
    const confirmed = await confirmAction({
      title: 'Roll back this change?',
      text:
        `The rates it changed go back to what they were, and ${countWords(span.rows, 'row')} in ${countWords(span.seasons, 'season')} ` +
        'get back their prices from before it, in one save. It is refused if any of them changed since.',
      confirmLabel: 'Roll back',
    });
    if (confirmed) rollback.mutate(changeSetId);
  };
  return { start, pending: rollback.isPending, error: rollback.error };
}
