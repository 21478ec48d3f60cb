import { useState } from 'react';
import { formatPounds } from '../../domain/format-money.js';
import type { RolledPrice, RolledTour, RolloverPreview } from '../../domain/rollover/rollover-request.js';

const percentText = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${value.toFixed(2)}%`);
const changeOf = (before: number, after: number) => (before === 0 ? null : Math.round(((after - before) / before) * 10_000) / 100);
const moneyText = (value: number) => value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The whole roll-over's totals: what the directors look at first. */
export function RolloverTotals({ preview }: { preview: RolloverPreview }) {
  const { totals } = preview;
  return (
    <dl className="rollover-totals">
      <dt>Tours</dt>
      <dd>{totals.tours}</dd>
      <dt>Rows</dt>
      <dd>{totals.rows}</dd>
      <dt>Gross</dt>
      <dd>
        {moneyText(totals.gross_before)} → {moneyText(totals.gross_after)} ({percentText(changeOf(totals.gross_before, totals.gross_after))})
      </dd>
      <dt>Cost</dt>
      <dd>
        {formatPounds(totals.cost_before)} → {formatPounds(totals.cost_after)} ({percentText(changeOf(totals.cost_before, totals.cost_after))})
      </dd>
      <dt>Below the guardrail</dt>
      <dd className={totals.below_guardrail > 0 ? 'below-guardrail' : undefined}>{totals.below_guardrail} rows</dd>
    </dl>
  );
}

function PriceRows({ rows, first, dates }: { rows: readonly RolledPrice[]; first: number; dates: string }) {
  return rows.map((row, index) => (
    <tr key={first + index} className={row.below_guardrail ? 'below-guardrail' : undefined}>
      <td>{first + index}</td>
      <td>{dates}</td>
      <td className="money">{row.before.formula ? `${row.before.formula} = ${moneyText(row.before.gross)}` : moneyText(row.before.gross)}</td>
      <td className="money">{row.after.formula ? `${row.after.formula} = ${moneyText(row.after.gross)}` : moneyText(row.after.gross)}</td>
      <td className="money">{formatPounds(row.before.cost)}</td>
      <td className="money">{formatPounds(row.after.cost)}</td>
      <td className="money">{formatPounds(row.after.profit)}</td>
      <td className="money">{percentText(row.after.margin).replace('+', '')}</td>
      <td className="money">{percentText(row.change_percent)}</td>
      <td>{row.below_guardrail ? 'Below guardrail' : row.unmatched_commission !== null ? `No ${row.unmatched_commission}% rate` : ''}</td>
    </tr>
  ));
}

const HEADERS = ['#', 'Dates', 'Gross before', 'Gross after', 'Cost before', 'Cost after', 'Profit after', 'Margin after', 'Change', 'Flag'];

/** One tour's rows before and after; the table is drawn only while open, so hundreds of tours stay light. */
function TourPreview({ tour }: { tour: RolledTour }) {
  const [open, setOpen] = useState(false);
  // Rows are numbered across the groups, as the pricing grid's # column numbers them.
  const firsts = tour.categories.map((_, index) => tour.categories.slice(0, index).reduce((rows, category) => rows + category.prices.length, 0));
  return (
    <details className="rollover-tour" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <strong>
          {tour.tour_code} {tour.tour_name}
        </strong>{' '}
        · {tour.destination} · {tour.tour_season.uplift_percent > 0 ? '+' : ''}
        {tour.tour_season.uplift_percent}% · cost {formatPounds(tour.totals.cost_before)} → {formatPounds(tour.totals.cost_after)} (
        {percentText(changeOf(tour.totals.cost_before, tour.totals.cost_after))})
        {tour.below_guardrail > 0 && <span className="below-guardrail"> · {tour.below_guardrail} below the guardrail</span>}
        {tour.replaces && (
          <span>
            {' '}
            · replaces {tour.replaces.rows} rows (cost {formatPounds(tour.replaces.cost)})
          </span>
        )}
        {tour.problems.length > 0 && <span className="field-error"> · {tour.problems.length} to fix</span>}
      </summary>
      {open && (
        <div className="rollover-tour-body">
          <p className="muted">
            Model {tour.tour_season.model_name}, {tour.tour_season.currency_name ?? 'no currency'} at {tour.tour_season.currency_rate ?? 'no rate'}
            {tour.reductions > 0 && `; ${tour.reductions} reduction${tour.reductions === 1 ? '' : 's'} copied as they are`}.
          </p>
          {tour.problems.length > 0 && (
            <ul className="field-error">
              {tour.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <table className="data-table rollover-rows">
            <caption>Prices of {tour.tour_code}, before and after</caption>
            <thead>
              <tr>
                {HEADERS.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tour.categories.map((category, index) => (
                <PriceRows key={index} rows={category.prices} first={firsts[index]} dates={`${category.start ?? '—'} to ${category.end ?? '—'}`} />
              ))}
              {tour.bikes.length > 0 && <PriceRows rows={tour.bikes} first={0} dates="Bike" />}
              {tour.supplements.map((extra, index) => (
                <PriceRows key={`supplement-${index}`} rows={extra.prices} first={0} dates={`Supplement: ${extra.name}`} />
              ))}
              {tour.extra_nights.map((extra, index) => (
                <PriceRows key={`night-${index}`} rows={extra.prices} first={0} dates={`Extra night: ${extra.name}`} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}

/** The preview: totals, what blocks the commit, then each tour (flagged ones first-class in their summary). */
export function RolloverPreviewView({ preview }: { preview: RolloverPreview }) {
  return (
    <div className="rollover-preview">
      <RolloverTotals preview={preview} />
      {preview.problems.length > 0 && (
        <div className="error-view" role="alert">
          <p>These rows must be fixed before the commit (map the commission in the target model, or give the currency a rate):</p>
          <ul>
            {preview.problems.slice(0, 30).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          {preview.problems.length > 30 && <p>and {preview.problems.length - 30} more.</p>}
        </div>
      )}
      {preview.skipped.length > 0 && <p className="muted">{preview.skipped.length} tours already in the target season are left as they are.</p>}
      {preview.tours.map((tour) => (
        <TourPreview key={tour.tour_id} tour={tour} />
      ))}
    </div>
  );
}
