import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { errorText } from '../../api/api-error.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import { currencySeasonRateBodySchema } from '../../domain/reference/currency.js';
import { currencyChangeProposal, previewCurrencyChange } from '../../domain/models/preview-rate-change.js';
import type { SeasonPricingInputs } from '../../domain/models/season-pricing-inputs.js';
import { bulkPricingQueries, type CurrencyRow } from '../../api/model-queries.js';
import { RateChangePreviewView } from '../models/rate-change-preview-view.js';
import { pricingQueries } from '../../api/pricing-queries.js';
import { useDebouncedValue } from '../../ui/use-debounced-value.js';
import type { WhatIf } from './tour-what-if.js';

const PREVIEW_DELAY_MS = 300;

type SeasonInputs = {
  inputs: SeasonPricingInputs | undefined;
  refreshing: boolean;
  /** Told of the row's unsaved rate (null once saved or typed back), for the tour grid to show row by row. */
  onWhatIf?: (key: string, whatIf: WhatIf | null) => void;
};

/**
 * The season's rate of every currency; each change is previewed, then saved on its own. With the
 * season's pricing inputs loaded the preview is worked out in the browser at every keystroke;
 * until then (or if they cannot be loaded) the server works it out once typing pauses.
 */
export function CurrencyRatesPanel({ seasonId, inputs, refreshing, onWhatIf }: { seasonId: number } & SeasonInputs) {
  const currencies = useQuery(bulkPricingQueries.currencies());
  return (
    <section className="panel" aria-labelledby="currency-rates-title">
      <h2 id="currency-rates-title">Currency rates</h2>
      {currencies.data?.map((currency) => (
        <CurrencyRateRow
          key={`${currency.id}-${seasonId}`}
          currency={currency}
          seasonId={seasonId}
          inputs={inputs}
          refreshing={refreshing}
          onWhatIf={onWhatIf}
        />
      ))}
    </section>
  );
}

const rateText = (rates: CurrencyRow['rates'], seasonId: number) => {
  const rate = rates.find((candidate) => candidate.season_id === seasonId)?.rate;
  return rate === undefined ? '' : String(rate);
};

function CurrencyRateRow({ currency, seasonId, inputs, refreshing, onWhatIf }: { currency: CurrencyRow; seasonId: number } & SeasonInputs) {
  const queryClient = useQueryClient();
  const stored = currency.rates.find((rate) => rate.season_id === seasonId)?.rate;
  const storedText = rateText(currency.rates, seasonId);
  const isRate = (text: string) => text.trim() !== '' && Number.isFinite(Number(text)) && Number(text) > 0;
  /** A rate typed that would change the stored one (what is not a rate changes nothing yet). */
  const changes = (text: string) => isRate(text) && Number(text) !== stored;
  const form = useRecordForm({
    initial: () => ({ rate: storedText }),
    schema: currencySeasonRateBodySchema,
    valuesOf: ({ rate }: { rate: string }) => ({ rate: rate.trim() === '' ? undefined : Number(rate), version: currency.version }),
    send: (body, _changed, version) => api.currencySeasonRate({ params: { ref: currency.id, seasonId }, body: { ...body, version: version ?? body.version } }),
    // Issue 29: the currency's version moves with any of its changes (another season's rate, its
    // name): a save refused as stale merges with the currency as stored now, read afresh; a rate
    // of this season both changed is the clerk's to decide, never taken silently.
    merge: {
      current: async () => {
        const fresh = (await api.reference('currencies').read({ params: { ref: String(currency.id) } })) as unknown as CurrencyRow;
        return { draft: { rate: rateText(fresh.rates, seasonId) }, version: fresh.version };
      },
      lastChange: { kind: 'currencies', id: currency.id },
      labelOf: () => `${currency.name} rate`,
    },
    // A typed rate not yet saved is unsaved work: leaving /pgt or logging out asks first.
    isChanged: ({ rate }) => changes(rate),
    // Refused here as the server would (a rate past its maximum): in the same words, as a notification.
    refusedMessage: (errors) => errors.rate,
    savedMessage: `Saved ${currency.name} rate`,
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: bulkPricingQueries.currencies().queryKey });
      void queryClient.invalidateQueries({ queryKey: pricingQueries.all });
      void queryClient.invalidateQueries({ queryKey: bulkPricingQueries.all });
    },
  });
  const text = form.draft.rate;
  const setText = (rate: string) => form.change('rate', rate);
  const proposed = Number(text);
  const valid = isRate(text);
  const changed = changes(text);
  const inBrowser = useMemo(
    () => (changed && inputs ? previewCurrencyChange(inputs, currency.id, seasonId, proposed) : undefined),
    [changed, inputs, currency.id, seasonId, proposed],
  );
  useEffect(() => {
    if (!onWhatIf) return undefined;
    const key = `currency-${currency.id}`;
    onWhatIf(
      key,
      changed && inputs ? { label: `${currency.name} rate ${proposed}`, proposal: currencyChangeProposal(inputs, currency.id, seasonId, proposed) } : null,
    );
    return () => onWhatIf(key, null);
  }, [onWhatIf, changed, inputs, currency.id, currency.name, seasonId, proposed]);
  const settled = useDebouncedValue(changed && !inputs ? proposed : null, PREVIEW_DELAY_MS);
  const preview = useQuery({ ...bulkPricingQueries.currencyPreview(currency.id, seasonId, settled ?? 0), enabled: settled !== null });
  const label = `${currency.name} (${currency.symbol}) per pound`;
  return (
    <form className="currency-rate" aria-label={`${currency.name} rate`} onSubmit={(event) => (changed ? form.submit(event) : event.preventDefault())}>
      <label>
        {label}
        <input
          type="number"
          step="any"
          min="0"
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Escape cancels the what-if, as in a spreadsheet cell: the stored rate is back, the preview gone.
            if (event.key !== 'Escape') return;
            event.preventDefault();
            setText(storedText);
          }}
          aria-invalid={text !== '' && !valid}
        />
      </label>
      <button
        type="button"
        className="button small"
        disabled={text === storedText || form.saving}
        onClick={() => setText(storedText)}
        title="Put back the stored rate (Esc)"
      >
        Revert
      </button>
      <button type="submit" className="button primary small" disabled={!changed || form.saving}>
        {form.saving ? 'Saving…' : 'Save rate'}
      </button>
      {changed &&
        (inputs ? (
          <RateChangePreviewView preview={inBrowser} pending={refreshing} error={null} proposal={String(proposed)} />
        ) : (
          <RateChangePreviewView
            preview={settled === proposed ? preview.data : undefined}
            pending={preview.isFetching || settled !== proposed}
            error={preview.error ? errorText(preview.error) : null}
            proposal={settled === proposed ? String(proposed) : undefined}
          />
        ))}
    </form>
  );
}
