import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { ApiError, errorText } from '../../api/api-error.js';
import { notifyError, notifySuccess } from '../../ui/notify.js';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { confirmAction } from '../../ui/confirm-dialog.js';
import { FormField } from '../../ui/form-field.js';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes.js';
import type { MarkupModel, MarkupModelSave } from '../../domain/models/markup-model.js';
import type { PreviewOutcome } from '../../domain/models/preview-rate-change.js';
import { pricingQueries } from '../../api/pricing-queries.js';
import { planModelChange } from '../../domain/models/model-change.js';
import {
  isDirty,
  modelDraft,
  rateDraft,
  rateFieldErrors,
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
  const [draft, setDraft] = useState<ModelDraft>(() => modelDraft(model));
  // The stored model the draft was last carried over to: a newer copy (a rate added here, another
  // model of the page saved, a refetch) keeps what staff typed and staged instead of resetting it.
  const [base, setBase] = useState(model);
  if (base !== model) {
    setBase(model);
    setDraft(rebaseDraft(draft, base, model));
  }
  const [highlighted, setHighlighted] = useState<Set<number>>(new Set());
  const [nameError, setNameError] = useState<string | null>(null);
  // Shown once Save was tried (typing a half-number such as '-' is not yet an error).
  const [fieldErrors, setFieldErrors] = useState<RateFieldErrors>(new Map());
  const dirty = isDirty(draft, model);
  useUnsavedChangesPrompt(dirty);

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

  /** Puts the stored model the server answered with wherever the screens read it from. */
  const store = (saved: MarkupModel) => {
    const replace = (models: MarkupModel[] | undefined) => models?.map((one) => (one.id === saved.id ? saved : one));
    queryClient.setQueryData(modelQueries.detail(saved.season_id, saved.id).queryKey, saved);
    queryClient.setQueryData(modelQueries.season(saved.season_id).queryKey, replace);
    queryClient.setQueryData(modelQueries.list().queryKey, replace);
  };

  const save = useMutation({
    // A draft that does not parse (null) goes as it is, as before: the server's 400 says why.
    mutationFn: () => api.models.save({ params: { seasonId: model.season_id, modelId: model.id }, body: body as MarkupModelSave }),
    // SPEC.md section 8 words this failure itself; the server's message only picks the rows.
    ...REPORTS_OWN_ERRORS,
    onSuccess: (result) => {
      setHighlighted(new Set());
      setDraft(modelDraft(result.model));
      notifySuccess(`Updated model ${result.model.name}`);
      if (result.moved) notifySuccess(`Moved ${result.moved} prices to another rate`);
      store(result.model);
      void queryClient.invalidateQueries({ queryKey: modelQueries.all });
      void queryClient.invalidateQueries({ queryKey: pricingQueries.all });
      void queryClient.invalidateQueries({ queryKey: bulkPricingQueries.all });
    },
    onError: (error) => {
      // SPEC.md section 8: removed rates come back where they were and the rates the error names are highlighted.
      if (error instanceof ApiError) setFieldErrors(rateFieldErrorsFromServer(error.items, draft));
      setDraft(restoreRemoved);
      setHighlighted(rateIdsInError(error instanceof ApiError ? error.items.map((item) => item.msg) : []));
      // A stale save is the one failure whose own words say what to do (reload).
      notifyError(error instanceof ApiError && error.status === 409 && error.items.some((item) => item.path === 'version') ? error : MODEL_SAVE_FAILED);
    },
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
    const next = revert(draft);
    setDraft(next);
    // Errors are shown once Save was tried: they follow the value put back.
    if (fieldErrors.size > 0) setFieldErrors(rateFieldErrors(next));
  };
  const stored = modelDraft(model);

  /** Revert: the whole model back to what is stored, its preview and what-if gone. */
  const revert = () => {
    setDraft(stored);
    setFieldErrors(new Map());
    setNameError(null);
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

  const submit = () => {
    const errors = rateFieldErrors(draft);
    setFieldErrors(errors);
    if (!draft.name.trim()) return setNameError('Name is required');
    setNameError(null);
    if (errors.size > 0) return notifyError('Please correct the rates marked in red.');
    if (body) save.mutate();
  };

  return (
    <form
      className="model-editor"
      aria-label={`Markup model ${model.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField label="Name" error={nameError}>
        <input
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          onKeyDown={escapeTo((current) => ({ ...current, name: stored.name }))}
          maxLength={200}
        />
      </FormField>
      <div className="model-guardrail">
        <FormField label="Minimum margin (% of cost)" hint="Rows below it are flagged in the grids and need a confirmed save. Empty: none.">
          <input
            inputMode="decimal"
            value={draft.guardrail.min_margin_percent}
            onChange={(event) => setDraft({ ...draft, guardrail: { ...draft.guardrail, min_margin_percent: event.target.value } })}
            onKeyDown={escapeTo((current) => ({ ...current, guardrail: { ...current.guardrail, min_margin_percent: stored.guardrail.min_margin_percent } }))}
          />
        </FormField>
        <FormField label="Minimum profit (£)" hint="The least profit a row should make. Empty: none.">
          <input
            inputMode="decimal"
            value={draft.guardrail.min_profit}
            onChange={(event) => setDraft({ ...draft, guardrail: { ...draft.guardrail, min_profit: event.target.value } })}
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
          {draft.rates.map((rate) => (
            <tr key={rate.key} className={(rate.id !== undefined && highlighted.has(rate.id)) || fieldErrors.has(rate.key) ? 'error-row' : undefined}>
              <td className="muted">{rate.id ?? 'new'}</td>
              {FIELDS.map(({ field, label }) => {
                const error = fieldErrors.get(rate.key)?.[field];
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
          disabled={!dirty || save.isPending}
          onClick={revert}
          title="Put back the stored model (Esc in a field puts back that field)"
        >
          Revert
        </button>
        <button type="submit" className="button primary" disabled={save.isPending || !dirty || body === null}>
          {save.isPending ? 'Saving…' : 'Save model'}
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
