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

/** The change sets rolled back whole on the server: a /pgt rates change and a season roll-over. */
export type WholeRollbackSource = 'rates' | 'rollover';

export const isWholeRollbackSource = (source: string): source is WholeRollbackSource => source === 'rates' || source === 'rollover';

/** What the confirmation and the notice say of each. */
const WORDING: Record<WholeRollbackSource, { title: string; text: (span: string) => string; done: string }> = {
  rates: {
    title: 'Roll back this change?',
    text: (span) => `The rates it changed go back to what they were, and ${span} get back their prices from before it, in one save.`,
    done: 'Rolled back the rate change',
  },
  rollover: {
    title: 'Roll back this roll-over?',
    text: (span) => `The tour seasons it created are removed with their prices (${span}), and any it replaced get back what they held before, in one save.`,
    done: 'Rolled back the roll-over',
  },
};

/**
 * Roll back a /pgt rates change (issue 22) or a season roll-over (issue 31): asks first, naming
 * what it restores, then undoes it on the server, every season the change touched at once. A
 * refusal (409: a season or the model changed since) is the mutation's error, shown where the
 * button is.
 */
export function useRollbackChangeSet(onDone: () => void) {
  const queryClient = useQueryClient();
  const rollback = useMutation({
    mutationFn: ({ changeSetId }: { changeSetId: number; source: WholeRollbackSource }) => api.priceHistory.rollback({ params: { changeSetId } }),
    ...REPORTS_OWN_ERRORS,
    onSuccess: (result, { source }) => {
      notifySuccess(`${WORDING[source].done}: ${countWords(result.rows, 'row')} in ${countWords(result.seasons, 'season')} restored`);
      // Prices of many seasons, the model or currency and their versions moved: every view of them reloads.
      for (const queryKey of [pricingQueries.all, ['season-data'], modelQueries.all, bulkPricingQueries.all, referenceQueries.all, priceHistoryQueries.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      onDone();
    },
  });
  const start = async (changeSetId: number, source: WholeRollbackSource, span: { seasons: number; rows: number }) => {
    const wording = WORDING[source];
    const confirmed = await confirmAction({
      title: wording.title,
      text: `${wording.text(`${countWords(span.rows, 'row')} in ${countWords(span.seasons, 'season')}`)} It is refused if any of them changed since.`,
      confirmLabel: 'Roll back',
    });
    if (confirmed) rollback.mutate({ changeSetId, source });
  };
  return { start, pending: rollback.isPending, error: rollback.error };
}
