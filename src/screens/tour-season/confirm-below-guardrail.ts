import { ApiError } from '../../api/api-error';
import { belowGuardrailMessage, rowsBelowGuardrail, type MarginGuardrail } from '../../domain/models/margin-guardrail';
import type { PriceRowOutcome } from '../../formulas/price-rows';
import { confirmAction } from '../../ui/confirm-dialog';

/** One grid of a save and how the confirmation names its rows ('[2]' unless given), as the server names them. */
export type GuardedGridModel = {
  model: { readonly rows: readonly unknown[]; outcome(index: number): PriceRowOutcome };
  label?: (index: number) => string;
};

/**
 * Before a price save (issue 22): the rows the save would leave under the model's margin
 * guardrail, over all its grids, listed in a confirmation that names their count. Answers what
 * the save body adds (`below_guardrail_confirmed`, the count, which the server checks against its
 * own), or refuses the save when staff decline.
 */
export async function confirmBelowGuardrail(grids: readonly GuardedGridModel[], guardrail: MarginGuardrail): Promise<{ below_guardrail_confirmed?: number }> {
  const below = grids.flatMap(({ model, label }) =>
    rowsBelowGuardrail(
      model.rows.map((_, i) => model.outcome(i)),
      guardrail,
    ).map((index) => (label ? label(index) : index)),
  );
  if (below.length === 0) return {};
  const text = belowGuardrailMessage(below, guardrail);
  if (!(await confirmAction({ title: 'Below the minimum margin', text, confirmLabel: 'Save anyway' })))
    throw new ApiError(409, [{ msg: 'Not saved: rows are below the minimum margin' }]);
  return { below_guardrail_confirmed: below.length };
}
