import type { FormEvent } from 'react';
import { ROLLOVER_PART_LABELS, ROLLOVER_PARTS, type RolloverCandidate } from '../../domain/rollover/rollover-request.js';
import { ROUND_STEPS, type RoundStep } from '../../domain/rollover/rollover-rules.js';
import { FieldMessage, FormField } from '../../ui/form-field.js';
import { filteredTours, type RolloverChoices, type UpliftRow } from './rollover-choices.js';

type Named = { id: number; name: string };

export type RolloverFormProps = {
  choices: RolloverChoices;
  onChange: (next: Partial<RolloverChoices>) => void;
  seasons: readonly Named[];
  destinations: readonly Named[];
  currencies: readonly Named[];
  models: readonly Named[];
  candidates: readonly RolloverCandidate[] | undefined;
  candidatesLoading: boolean;
  /** The server's refusal, by field path. */
  errorOf: (path: string) => string | null;
  previewing: boolean;
  onPreview: () => void;
};

let nextUpliftKey = 1;

/** The roll-over's choices: seasons, tours (filtered or picked), uplift, rounding, dates and parts; Enter or Preview asks for the preview. */
export function RolloverForm({
  choices,
  onChange,
  seasons,
  destinations,
  currencies,
  models,
  candidates,
  candidatesLoading,
  errorOf,
  previewing,
  onPreview,
}: RolloverFormProps) {
  const shown = candidates ? filteredTours(candidates, choices) : [];
  const inTarget = candidates?.filter((tour) => tour.in_target) ?? [];
  const ticked = shown.filter((tour) => !choices.unticked.has(tour.tour_id)).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPreview();
  };
  const setUplift = (key: number, change: Partial<UpliftRow>) =>
    onChange({ uplifts: choices.uplifts.map((row) => (row.key === key ? { ...row, ...change } : row)) });
  const tick = (tourId: number, on: boolean) => {
    const unticked = new Set(choices.unticked);
    if (on) unticked.delete(tourId);
    else unticked.add(tourId);
    onChange({ unticked });
  };
  const seasonOptions = seasons.map((season) => (
    <option key={season.id} value={season.id}>
      {season.name}
    </option>
  ));
  const namedOptions = (list: readonly Named[]) =>
    list.map((item) => (
      <option key={item.id} value={item.id}>
        {item.name}
      </option>
    ));

  return (
    <form className="rollover-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Seasons</legend>
        <div className="rollover-row">
          <FormField label="From season" error={errorOf('source_season_id')}>
            <select value={choices.source} onChange={(event) => onChange({ source: event.target.value, unticked: new Set() })} autoFocus>
              <option value="">Choose…</option>
              {seasonOptions}
            </select>
          </FormField>
          <FormField label="To season" error={errorOf('target_season_id')}>
            <select value={choices.target} onChange={(event) => onChange({ target: event.target.value, unticked: new Set() })}>
              <option value="">Choose…</option>
              {seasonOptions}
            </select>
          </FormField>
        </div>
      </fieldset>

      <fieldset>
        <legend>Tours</legend>
        <div className="rollover-row">
          <FormField label="Destination">
            <select value={choices.destination} onChange={(event) => onChange({ destination: event.target.value })}>
              <option value="">All destinations</option>
              {namedOptions(destinations)}
            </select>
          </FormField>
          <FormField label="Currency">
            <select value={choices.currency} onChange={(event) => onChange({ currency: event.target.value })}>
              <option value="">All currencies</option>
              {namedOptions(currencies)}
            </select>
          </FormField>
          <FormField label="Markup model">
            <select value={choices.model} onChange={(event) => onChange({ model: event.target.value })}>
              <option value="">All models</option>
              {namedOptions(models)}
            </select>
          </FormField>
        </div>
        {candidatesLoading ? (
          <p className="muted" role="status">
            Loading the tours…
          </p>
        ) : candidates === undefined ? (
          <p className="muted">Choose two different seasons to list their tours.</p>
        ) : (
          <>
            <p id="rollover-tour-count">
              {ticked} of {shown.length} tours chosen
              {inTarget.length > 0 &&
                (choices.replace
                  ? `; ${inTarget.length} already in the target season will have their prices replaced`
                  : `; ${inTarget.length} already in the target season are skipped`)}
            </p>
            <div className="rollover-row">
              <button type="button" className="button small" onClick={() => onChange({ unticked: new Set() })}>
                Tick all shown
              </button>
              <button type="button" className="button small" onClick={() => onChange({ unticked: new Set(shown.map((tour) => tour.tour_id)) })}>
                Untick all shown
              </button>
            </div>
            <label className="check">
              <input type="checkbox" checked={choices.replace} onChange={(event) => onChange({ replace: event.target.checked, unticked: new Set() })} />
              Replace the prices of tours already in the target season
            </label>
            <FieldMessage id="rollover-tours-error" error={errorOf('tour_ids')} />
            <ul className="rollover-tours" aria-labelledby="rollover-tour-count">
              {shown.map((tour) => (
                <li key={tour.tour_id}>
                  <label className="check">
                    <input type="checkbox" checked={!choices.unticked.has(tour.tour_id)} onChange={(event) => tick(tour.tour_id, event.target.checked)} />
                    {tour.tour_code} {tour.tour_name}
                    {tour.in_target && ' (replaces its prices in the target season)'}
                  </label>
                </li>
              ))}
              {(choices.replace ? [] : inTarget).map((tour) => (
                <li key={tour.tour_id} className="muted">
                  {tour.tour_code} {tour.tour_name}: already in the target season, skipped
                </li>
              ))}
            </ul>
          </>
        )}
      </fieldset>

      <fieldset>
        <legend>Prices</legend>
        <div className="rollover-row">
          <FormField label="Uplift (%)" error={errorOf('uplift_percent')} hint="-50 to 100">
            <input inputMode="decimal" value={choices.uplift} onChange={(event) => onChange({ uplift: event.target.value })} />
          </FormField>
          <FormField label="Round to" error={errorOf('round_to')}>
            <select value={choices.roundTo} onChange={(event) => onChange({ roundTo: Number(event.target.value) as RoundStep })}>
              {ROUND_STEPS.map((step) => (
                <option key={step} value={step}>
                  {step}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Rounding">
            <select value={choices.roundMode} onChange={(event) => onChange({ roundMode: event.target.value === 'up' ? 'up' : 'nearest' })}>
              <option value="nearest">Nearest (halves go up)</option>
              <option value="up">Always up</option>
            </select>
          </FormField>
          <FormField label="Price ending" error={errorOf('ending')} hint="e.g. 9 for 1,249; blank for none">
            <input inputMode="numeric" value={choices.ending} onChange={(event) => onChange({ ending: event.target.value })} />
          </FormField>
        </div>
        <div className="rollover-uplifts">
          {choices.uplifts.map((row, index) => (
            <div className="rollover-row" key={row.key}>
              <FormField label="Other uplift for">
                <select
                  value={row.kind}
                  onChange={(event) => setUplift(row.key, { kind: event.target.value === 'currency' ? 'currency' : 'destination', id: '' })}
                >
                  <option value="destination">Destination</option>
                  <option value="currency">Currency</option>
                </select>
              </FormField>
              <FormField label={row.kind === 'destination' ? 'Destination' : 'Currency'} error={errorOf(`uplifts.${index}.${row.kind}_id`)}>
                <select value={row.id} onChange={(event) => setUplift(row.key, { id: event.target.value })}>
                  <option value="">Choose…</option>
                  {namedOptions(row.kind === 'destination' ? destinations : currencies)}
                </select>
              </FormField>
              <FormField label="Its uplift (%)" error={errorOf(`uplifts.${index}.percent`)}>
                <input inputMode="decimal" value={row.percent} onChange={(event) => setUplift(row.key, { percent: event.target.value })} />
              </FormField>
              <button
                type="button"
                className="button small"
                aria-label={`Remove other uplift ${index + 1}`}
                onClick={() => onChange({ uplifts: choices.uplifts.filter((other) => other.key !== row.key) })}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="button small"
            onClick={() => onChange({ uplifts: [...choices.uplifts, { key: nextUpliftKey++, kind: 'destination', id: '', percent: '' }] })}
          >
            Add an uplift for a destination or currency
          </button>
        </div>
      </fieldset>

      <fieldset>
        <legend>Dates and parts</legend>
        <div className="rollover-row">
          <FormField label="Move dates">
            <select value={choices.shift} onChange={(event) => onChange({ shift: event.target.value === 'weeks' ? 'weeks' : 'year' })}>
              <option value="year">By one year (same day of the month)</option>
              <option value="weeks">By 52 weeks (same weekday)</option>
            </select>
          </FormField>
          <div className="rollover-parts" role="group" aria-label="Also roll over">
            <span>Also roll over</span>
            {ROLLOVER_PARTS.map((part) => (
              <label key={part} className="check">
                <input
                  type="checkbox"
                  checked={choices.parts.has(part)}
                  onChange={(event) => {
                    const parts = new Set(choices.parts);
                    if (event.target.checked) parts.add(part);
                    else parts.delete(part);
                    onChange({ parts });
                  }}
                />
                {ROLLOVER_PART_LABELS[part]}
              </label>
            ))}
          </div>
        </div>
        <p className="muted">
          Prices always roll over, with their groups and routes; bikes, supplements and extra nights by the same rules; reductions (a percentage or pounds off)
          and specifications are copied as they are. Tours already in the target season are left as they are unless you replace them.
        </p>
      </fieldset>

      <div className="form-actions">
        <button type="submit" className="button primary" disabled={previewing || ticked === 0}>
          {previewing ? 'Working out the preview…' : `Preview ${ticked} tour${ticked === 1 ? '' : 's'}`}
        </button>
      </div>
    </form>
  );
}
