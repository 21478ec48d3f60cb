import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { ApiError, errorText } from '../../api/api-error.js';
import { notifySuccess } from '../../ui/notify.js';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { confirmAction } from '../../ui/confirm-dialog.js';
import { FormField } from '../../ui/form-field.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import { markupModelSaveSchema, type MarkupModel, type MarkupModelSave } from '../../domain/models/markup-model.js';
import type { PreviewOutcome } from '../../domain/models/preview-rate-change.js';
import { pricingQueries } from '../../api/pricing-queries.js';
import { planModelChange } from '../../domain/models/model-change.js';
import {
  draftValues,
  isDirty,
  modelDraft,
  rateDraft,
  rateFieldErrorsFromServer,
  rateIdsInError,
  rebaseDraft,
  restoreRemoved,
  revertRateField,
  stageRemoval,
  toSaveBody,
  type ModelDraft,
  type RateField,
  type RateFieldErrors,
} from './model-draft.js';
import { bulkPricingQueries, modelQueries } from '../../api/model-queries.js';
import { RateChangePreviewView } from './rate-change-preview-view.js';
import { useDebouncedValue } from '../../ui/use-debounced-value.js';

export const MODEL_SAVE_FAILED = 'An error occurred while adding or removing some items';
const PREVIEW_DELAY_MS = 400;
const FIELDS: { field: RateField; label: string }[] = [
  { field: 'commission', label: 'Commission %' },
  { field: 'markup', label: 'Markup' },
  { field: 'supplement_markup', label: 'Supplement markup' },
];

/**
 * A markup model's name and rates, edited locally and saved in one call. Every unsaved change is
 * previewed: how many stored prices, bikes and extras of the season it would rewrite, and the
 * cost and profit change per tour code. `previewInBrowser` (the bulk pricing page, which holds
 * the season's pricing inputs) works it out at every keystroke; without it the server does, once
 * typing pauses.
 */
export function MarkupModelEditor({
  model,
  previewInBrowser,
  onDraftChange,
}: {
  model: MarkupModel;
  previewInBrowser?: (save: MarkupModelSave) => PreviewOutcome;
  /** Told of the unsaved model (null when there is none), e.g. for a grid to show it row by row. */
  onDraftChange?: (save: MarkupModelSave | null) => void;
}) {
  const queryClient = useQueryClient();
  // What the server's last refusal names, by rate identity so it stays with its rate as rates move:
  // the rates its message lists, and its field messages (SPEC.md section 8).
  const [highlighted, setHighlighted] = useState<Set<number>>(new Set());
  const [refusedFields, setRefusedFields] = useState<RateFieldErrors>(new Map());

  /** Puts the stored model the server answered with wherever the screens read it from. */
  const store = (saved: MarkupModel) => {
    const replace = (models: MarkupModel[] | undefined) => models?.map((one) => (one.id === saved.id ? saved : one));
    queryClient.setQueryData(modelQueries.detail(saved.season_id, saved.id).queryKey, saved);
    queryClient.setQueryData(modelQueries.season(saved.season_id).queryKey, replace);
    queryClient.setQueryData(modelQueries.list().queryKey, replace);
  };

  const form = useRecordForm({
    initial: () => modelDraft(model),
    schema: markupModelSaveSchema,
    valuesOf: draftValues,
    send: (body) => api.models.save({ params: { seasonId: model.season_id, modelId: model.id }, body }),
    // Issue 29: a stale save merges with the model as stored now, rate by rate (the draft's version
    // is one of its fields, so the merged draft carries theirs), then the preview and save go ahead.
    merge: {
      current: async () => {
        const fresh = await api.models.read({ params: { seasonId: model.season_id, modelId: model.id } });
        return { draft: modelDraft(fresh), version: fresh.version };
      },
      lastChange: { kind: 'markup_models', id: model.id },
    },
    // A change is one that changes prices or the name ('1.30' for a stored 1.3 is none), against the model as stored now.
    isChanged: (draft) => isDirty(draft, model),
    savedMessage: (result) => `Updated model ${result.model.name}`,
    onSaved: (result, rebase) => {
      setHighlighted(new Set());
      rebase(modelDraft(result.model));
      if (result.moved) notifySuccess(`Moved ${result.moved} prices to another rate`);
      store(result.model);
      void queryClient.invalidateQueries({ queryKey: modelQueries.all });
      void queryClient.invalidateQueries({ queryKey: pricingQueries.all });
      void queryClient.invalidateQueries({ queryKey: bulkPricingQueries.all });
    },
    refusedMessage: (errors) =>
      !errors['model.name'] && Object.keys(errors).some((path) => path.startsWith('model.rates.')) ? 'Please correct the rates marked in red.' : undefined,
    // SPEC.md section 8 words this failure itself; the server's message only picks the rows. A stale
    // save the merge could not carry (the model deleted meanwhile) keeps its own words.
    failedMessage: (error) =>
      error instanceof ApiError && error.status === 409 && error.items.some((item) => item.path === 'version') ? error : MODEL_SAVE_FAILED,
    // Placed by rate below, as the removed rates come back where they were.
    serverErrorsOf: () => ({}),
    onFailed: (error, setDraft, typed) => {
      if (error instanceof ApiError) setRefusedFields(rateFieldErrorsFromServer(error.items, typed));
      setDraft(restoreRemoved);
      setHighlighted(rateIdsInError(error instanceof ApiError ? error.items.map((item) => item.msg) : []));
    },
  });
  const { draft, setDraft, dirty } = form;
  // The stored model the draft was last carried over to: a newer copy (a rate added here, another
  // model of the page saved, a refetch) keeps what staff typed and staged instead of resetting it.
  const base = useRef(model);
  useEffect(() => {
    const before = base.current;
    if (before === model) return;
    base.current = model;
    setDraft((current) => rebaseDraft(current, before, model));
  }, [model, setDraft]);

  const body = toSaveBody(draft);
  const bodyKey = JSON.stringify(body);
  // The body is rebuilt at every render; its text says when it really changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const inBrowser = useMemo(() => (dirty && body && previewInBrowser ? previewInBrowser(body) : undefined), [dirty, bodyKey, previewInBrowser]);
  useEffect(() => {
    onDraftChange?.(dirty ? body : null);
    // As above: the body's text says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dirty, bodyKey, onDraftChange]);
  useEffect(() => () => onDraftChange?.(null), [onDraftChange]);
  const proposal = useDebouncedValue(dirty && !previewInBrowser ? body : null, PREVIEW_DELAY_MS);
  const preview = useQuery({
    ...modelQueries.preview(model.season_id, model.id, proposal ?? { model: { name: '', version: 0, rates: [] } }),
    enabled: proposal !== null,
  });

  // The app's query client reports a failure; the rate joins the draft beside any unsaved edits.
  const addRate = useMutation({
    mutationFn: () => api.models.addRate({ params: { seasonId: model.season_id, modelId: model.id } }),
    onSuccess: ({ rate, model: saved }) => {
      setDraft((current) => ({ ...current, version: saved.version, rates: [...current.rates, rateDraft(rate)] }));
      store(saved);
      void queryClient.invalidateQueries({ queryKey: modelQueries.list().queryKey });
    },
  });

  const setRate = (key: string, field: RateField, value: string) =>
    setDraft((current) => ({ ...current, rates: current.rates.map((rate) => (rate.key === key ? { ...rate, [field]: value } : rate)) }));

  /** Escape in a field cancels its what-if, as in a spreadsheet cell: the field shows the stored value again. */
  const escapeTo = (revert: (current: ModelDraft) => ModelDraft) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setDraft(revert);
    // The checks follow the value put back; the last refusal's field messages go with it.
    setRefusedFields(new Map());
  };
  const stored = modelDraft(model);

  /** Revert: the whole model back to what is stored, its preview and what-if gone. */
  const revert = () => {
    setDraft(stored);
    setRefusedFields(new Map());
    setHighlighted(new Set());
  };

  const removeRate = async (key: string) => {
    const text = await removalConsequence(key);
    if (
      !(await confirmAction({
        title: 'Are you sure?',
        text: `${text} You will not be able to revert this after saving!`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    setDraft((current) => stageRemoval(current, key));
  };

  /** What removing the rate does to stored prices: how many move, and to which rate. */
  const removalConsequence = async (key: string): Promise<string> => {
    const rate = draft.rates.find((candidate) => candidate.key === key);
    const staged = toSaveBody(stageRemoval(draft, key));
    if (!rate || rate.id === undefined || !staged) return 'This rate is not used by any price yet.';
    let moved: number | null = null;
    try {
      const outcome = previewInBrowser
        ? previewInBrowser(staged).preview
        : await queryClient.fetchQuery({ ...modelQueries.preview(model.season_id, model.id, staged), staleTime: 0, ...REPORTS_OWN_ERRORS });
      moved = outcome?.moved ?? null;
    } catch {
      moved = null;
    }
    const target = planModelChange(model.rates, staged.model.rates, staged.removedRatesIds ?? [], new Set()).moves.get(rate.id);
    const where = target ? `rate ${target.id ?? '(new)'} (${target.commission}% commission)` : null;
    if (moved === 0) return 'No stored price uses this rate.';
    const count = moved === null ? 'The prices that use this rate' : `${moved} price${moved === 1 ? '' : 's'} use this rate and`;
    return where
      ? `${count} will move to ${where} when the model is saved.`
      : `${count} have no rate to move to: the save will be refused until a 0% rate or one with the same commission is kept.`;
  };

  // A new try: the checks speak for the rates now, not the last refusal.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setRefusedFields(new Map());
    form.submit(event);
  };
  /** A rate field's message: the check of what is typed, else what the last refusal said of it. */
  const rateError = (key: string, index: number, field: RateField) => form.errorOf(`model.rates.${index}.${field}`) ?? refusedFields.get(key)?.[field];

  return (
    <form className="model-editor" aria-label={`Markup model ${model.name}`} onSubmit={submit}>
      <FormField label="Name" error={form.errorOf('model.name')}>
        <input
          value={draft.name}
          onChange={(event) => form.change('name', event.target.value)}
          onKeyDown={escapeTo((current) => ({ ...current, name: stored.name }))}
          maxLength={200}
        />
      </FormField>
      <div className="model-guardrail">
        <FormField
          label="Minimum margin (% of cost)"
          error={form.errorOf('model.min_margin_percent')}
          hint="Rows below it are flagged in the grids and need a confirmed save. Empty: none."
        >
          <input
            inputMode="decimal"
            value={draft.guardrail.min_margin_percent}
            onChange={(event) => form.change('guardrail', { ...draft.guardrail, min_margin_percent: event.target.value })}
            onKeyDown={escapeTo((current) => ({ ...current, guardrail: { ...current.guardrail, min_margin_percent: stored.guardrail.min_margin_percent } }))}
          />
        </FormField>
        <FormField label="Minimum profit (£)" error={form.errorOf('model.min_profit')} hint="The least profit a row should make. Empty: none.">
          <input
            inputMode="decimal"
            value={draft.guardrail.min_profit}
            onChange={(event) => form.change('guardrail', { ...draft.guardrail, min_profit: event.target.value })}
            onKeyDown={escapeTo((current) => ({ ...current, guardrail: { ...current.guardrail, min_profit: stored.guardrail.min_profit } }))}
          />
        </FormField>
      </div>
      <table className="model-rates">
        <thead>
          <tr>
            <th>Rate</th>
            {FIELDS.map(({ label }) => (
              <th key={label}>{label}</th>
            ))}
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {draft.rates.map((rate, index) => (
            <tr
              key={rate.key}
              className={
                (rate.id !== undefined && highlighted.has(rate.id)) || FIELDS.some(({ field }) => rateError(rate.key, index, field)) ? 'error-row' : undefined
              }
            >
              <td className="muted">{rate.id ?? 'new'}</td>
              {FIELDS.map(({ field, label }) => {
                const error = rateError(rate.key, index, field);
                const errorId = `${rate.key}-${field}-error`;
                return (
                  <td key={field}>
                    <input
                      type="number"
                      step="any"
                      inputMode="decimal"
                      aria-label={`${label} of rate ${rate.id ?? 'new'}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      value={rate[field]}
                      onChange={(event) => setRate(rate.key, field, event.target.value)}
                      onKeyDown={escapeTo((current) => revertRateField(current, model, rate.key, field))}
                    />
                    {error && (
                      <span id={errorId} className="field-error" role="alert">
                        {error}
                      </span>
                    )}
                  </td>
                );
              })}
              <td>
                <button type="button" className="button small danger" onClick={() => void removeRate(rate.key)} aria-label={`Remove rate ${rate.id ?? 'new'}`}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="model-editor-actions">
        <button type="button" className="button" disabled={addRate.isPending} onClick={() => addRate.mutate()}>
          Add rate
        </button>
        <button
          type="button"
          className="button"
          disabled={!dirty || form.saving}
          onClick={revert}
          title="Put back the stored model (Esc in a field puts back that field)"
        >
          Revert
        </button>
        <button type="submit" className="button primary" disabled={form.saving || !dirty || body === null}>
          {form.saving ? 'Saving…' : 'Save model'}
        </button>
      </div>
      {dirty &&
        (previewInBrowser ? (
          <RateChangePreviewView preview={inBrowser?.preview} pending={false} error={inBrowser?.error ?? null} proposal={bodyKey} />
        ) : (
          <RateChangePreviewView
            preview={proposal ? preview.data : undefined}
            pending={preview.isFetching || JSON.stringify(proposal) !== bodyKey}
            error={preview.error ? errorText(preview.error) : null}
          />
        ))}
    </form>
  );
}
