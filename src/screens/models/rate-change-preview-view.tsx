import type { RateChangePreview } from '../../domain/models/rate-change-preview.js';
import { formatPounds, formatSignedPounds as signed } from './format-pounds.js';

/** '2 rows would fall below the margin guardrail (3 now).': of the rows the change rewrites. */
export const belowGuardrailText = (after: number, now: number) => `${after} row${after === 1 ? '' : 's'} would fall below the margin guardrail (${now} now).`;

/**
 * What saving the change would rewrite, as the price engine worked it out (in the browser on the
 * bulk pricing page, on the server elsewhere). `proposal` names the value it was worked out for.
 */
export function RateChangePreviewView({
  preview,
  pending,
  error,
  proposal,
}: {
  preview: RateChangePreview | undefined;
  pending: boolean;
  error: string | null;
  proposal?: string;
}) {
  if (error)
    return (
      <p className="error-text" role="alert">
        {error}
      </p>
    );
  if (!preview) return <p className="muted">{pending ? 'Working out what this change would do…' : 'Change a rate to see what it would do before saving.'}</p>;
  const costDelta = preview.by_tour_code.reduce((total, impact) => total + impact.cost_after - impact.cost_before, 0);
  const profitDelta = preview.by_tour_code.reduce((total, impact) => total + impact.profit_after - impact.profit_before, 0);
  const prices = <strong data-testid="preview-prices">{preview.prices}</strong>;
  const bikes = <strong data-testid="preview-bikes">{preview.bikes}</strong>;
  const extras = <strong data-testid="preview-extras">{preview.extras}</strong>;
  // Only where a model's guardrail flags some changed row, before or after.
  const guarded = preview.below_guardrail > 0 || preview.below_guardrail_now > 0;
  return (
    <section className="rate-preview" aria-label="What-if preview" aria-busy={pending} data-proposal={proposal}>
      <p className="rate-preview-summary">
        Saving will change {prices} prices, {bikes} bikes and {extras} extras across {preview.tour_seasons} tours of the season
        {preview.moved ? `, and move ${preview.moved} rows to another rate` : ''}. Total cost {signed(costDelta)}, profit {signed(profitDelta)}.
        {guarded && (
          <>
            {' '}
            <span className={preview.below_guardrail > 0 ? 'negative' : undefined} data-testid="preview-below-guardrail">
              {belowGuardrailText(preview.below_guardrail, preview.below_guardrail_now)}
            </span>
          </>
        )}
      </p>
      {preview.by_tour_code.length > 0 && (
        <div className="rate-preview-table">
          <table>
            <thead>
              <tr>
                <th>Tour code</th>
                <th className="num">Rows</th>
                <th className="num">Cost before</th>
                <th className="num">Cost after</th>
                <th className="num">Cost change</th>
                <th className="num">Profit change</th>
                {guarded && <th className="num">Below guardrail (now)</th>}
              </tr>
            </thead>
            <tbody>
              {preview.by_tour_code.map((impact) => (
                <tr key={impact.tour_code}>
                  <td>{impact.tour_code}</td>
                  <td className="num">{impact.rows}</td>
                  <td className="num">{formatPounds(impact.cost_before)}</td>
                  <td className="num">{formatPounds(impact.cost_after)}</td>
                  <td className="num">{signed(impact.cost_after - impact.cost_before)}</td>
                  <td className={`num${impact.profit_after - impact.profit_before < 0 ? ' negative' : ''}`}>
                    {signed(impact.profit_after - impact.profit_before)}
                  </td>
                  {guarded && (
                    <td className={`num${impact.below_guardrail_after > 0 ? ' negative' : ''}`}>
                      {impact.below_guardrail_after} ({impact.below_guardrail_before})
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
