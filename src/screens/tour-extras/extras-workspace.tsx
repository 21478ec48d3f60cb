import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../ui/notify';
import { confirmStagedDelete } from '../../ui/confirm-dialog';
import { EmptyView } from '../../ui/status-views';
import { rateInSeason } from '../../domain/pricing/copied-rate';
import { shiftDatedFields, type DatedFields } from '../../domain/pricing/shift-dated-fields';
import { MISSING_MODEL_OR_CURRENCY, type SeasonRate, type TourSeasonPricingContext } from '../../domain/pricing/tour-pricing';
import type { CopyDataType } from '../../domain/tours/copy-season-data';
import type { CopiedDateRange, CopyMode } from '../../domain/tours/plan-season-copy';
import type { SeasonSaveOutcome } from '../../domain/tours/season-data-save';
import { extraToast } from '../../domain/tours/tour-extras-schemas';
import { copyExtras, type CopiedVariation, type ExtraOwnFields } from '../../formulas/copy-price-rows';
import type { CellChange } from '../../grid/commands/cell-change';
import { FindReplaceBar, FindReplaceButton, type BarAction } from '../../grid/find-replace-bar';
import { useFindReplaceFold } from '../../grid/use-find-replace-fold';
import { crossGridEditOpen, recordCrossGridEdit, undoCrossGridEdit, type CrossGridEdit } from '../../grid/commands/cross-grid-edit';
import type { LeadingColumn } from '../../grid/price-grid-context';
import { PriceGridModel, type FoundCellRef } from '../../grid/price-grid-model';
import { newRowKey, storedRowKey, type PriceRow } from '../../grid/price-row';
import { CopyFromPanel, type CopySource, type PlannedCopy } from '../tour-season/copy-from-panel';
import { planCopyFrom } from '../tour-season/plan-copy-from';
import { rateOptions } from '../tour-season/rate-options';
import { ThreeClickSave } from '../tour-season/three-click-save';
import { AlsoHere, bringInWith, ChangeNotice, type FollowProps } from '../tour-season/season-presence';
import { chooseCells, conflictItem, lastSave, mergedSeasonMessage } from '../tour-season/merge-notice';
import { rowIdentity } from '../../grid/commands/merge-price-rows';
import { mergeExtras, type ExtraSide } from './merge-extras';
import { confirmBelowGuardrail } from '../tour-season/confirm-below-guardrail';
import { guardrailOf } from '../../domain/models/margin-guardrail';
import { useStagedGridSave } from '../tour-season/use-staged-grid-save';
import { ExtraCard } from './extra-card';
import { notifySeasonSave } from './season-save';
import { extraErrors, extrasSaveBody, newExtraKey, storedExtraKey, unsavableRows, type StagedExtra } from './staged-extras';
import { newRowRateId } from '../../domain/pricing/new-row-rate';
import type { PriceRowKind } from '../../domain/pricing/price-history';
import { useCellHistory } from '../tour-season/cell-history-dialog';
import { GridPriceHistory } from '../tour-season/price-history-panel';
import type { AddedRow, ImportChoice, ImportPreview } from '../../formulas/price-sheet-import';
import type { SheetLayout, SheetSeason } from '../../formulas/price-sheet-layout';
import { idsToRemove, importedCounts, importedSheetChanges, stageImportedRows } from '../../grid/commands/stage-imported-sheet';
import type { DescribedPrice } from '../tour-season/price-sheet-rows';
import { TabSheetButtons } from '../tour-season/tab-sheet-buttons';
import { usePendingSheetImport } from '../tour-season/pending-sheet-import';

/** A stored variation: its id and price fields, and the kind's own fields. */
export type StoredVariation = { id?: number; formula: string | null; markup_rate_id: number | null };
/** A stored extra (or a copy of one, without ids) with its variations in grid order. */
export type StoredExtra<Variation extends StoredVariation> = { id?: number; variations: readonly Variation[] };
export type ExtrasList<Extra> = { tour_season: TourSeasonPricingContext; extras: Extra[] };

/** What differs between supplements and extra nights. */
export type ExtraKindConfig<Extra extends StoredExtra<Variation>, Variation extends StoredVariation, Fields extends object, Row extends PriceRow> = {
  /** Singular, capitalised: 'Supplement', 'Extra night'. */
  noun: string;
  /** What the price history calls the kind's variations. */
  historyKind: Extract<PriceRowKind, 'party_extra_variation' | 'room_extra_variation'>;
  emptyMessage: string;
  /** Variation fields besides the price fields whose changes count as unsaved. */
  trackedFields: readonly string[];
  /** A stored extra's fields, or a copied one's (Copy From). */
  fieldsOf: (extra: ExtraOwnFields<Extra>) => Fields;
  /** A new extra's fields, given the extras already staged. */
  newFields: (existing: readonly Fields[]) => Fields;
  /** A grid row of a stored variation, or of a copied one (which has no id). */
  rowOf: (variation: CopiedVariation<Variation> & { id?: number }, key: string) => Row;
  /** Add variation: a new row after `previous` (the extra's last row), on the given rate. */
  newRow: (previous: Row | undefined, rateId: number | null) => Row;
  /** A row's own fields as the save sends them (the price fields are added from the grid). */
  variationFields: (row: Row) => Record<string, unknown>;
  /** A one-line title of an extra for its card: 'Supplement 2: Airport transfer'. */
  title: (fields: Fields, number: number) => string;
};

export type ExtrasWorkspaceProps<Extra extends StoredExtra<Variation>, Variation extends StoredVariation, Fields extends object, Row extends PriceRow> = {
  tourId: string;
  seasonId: string;
  list: ExtrasList<Extra>;
  config: ExtraKindConfig<Extra, Variation, Fields, Row>;
  /** The season-wide save call of the kind, and the query the screen loaded. */
  saveSeason: (body: ReturnType<typeof extrasSaveBody> & { below_guardrail_confirmed?: number }) => Promise<ExtrasList<Extra> & SeasonSaveOutcome>;
  queryKey: QueryKey;
  /** The season's extras as stored now, read for a merge with someone else's save (issue 29). */
  readSeason: () => Promise<ExtrasList<Extra>>;
  leadingColumns: readonly LeadingColumn[];
  renderFields: (fields: Fields, number: number, onChange: (fields: Partial<Fields>) => void) => ReactNode;
  /** Fields of the focused variation edited beside the grid (an extra night's dates). */
  renderRowPanel?: (model: PriceGridModel<Row>, rowKey: string, number: number) => ReactNode;
  /** Copy From: what is copied and how the source season is read. */
  copy?: { type: CopyDataType; load: (source: CopySource) => Promise<ExtrasList<Extra>> };
  /**
   * Export xlsx and Import xlsx (issue 21): the kind's sheet, the season as its rows, and a row the
   * sheet adds with the options its label columns name (a category, a room) found by name.
   */
  sheet?: {
    layout: SheetLayout;
    what: string;
    season: (list: ExtrasList<Extra>) => SheetSeason<DescribedPrice>;
    labelled: (row: Row, labels: AddedRow['labels']) => Row;
  };
} & FollowProps;

type Staged<Fields, Row extends PriceRow> = StagedExtra<Fields, Row>;

const fieldsText = (fields: object) => JSON.stringify(fields);

/** A variation's date range for the Copy From preview: extra nights have one, supplements none. */
function datedRange(variation: object): CopiedDateRange[] {
  const { start, end } = variation as Partial<DatedFields>;
  return start === undefined && end === undefined ? [] : [{ start: start ?? null, end: end ?? null }];
}

const extraName = (fields: object) => ('name' in fields && typeof fields.name === 'string' ? fields.name.trim() : '');

/**
 * The staged extras of one season (supplements or extra nights): each extra as a card with its
 * fields and a price grid of its variations, priced with the supplement markup. Nothing reaches
 * the server before the three-click Save, which sends the season in one call.
 */
export function ExtrasWorkspace<Extra extends StoredExtra<Variation>, Variation extends StoredVariation, Fields extends object, Row extends PriceRow>(
  props: ExtrasWorkspaceProps<Extra, Variation, Fields, Row>,
) {
  const { tourId, seasonId, list, config, saveSeason, queryKey, leadingColumns, renderFields, renderRowPanel, copy, sheet, follow, onRebase } = props;
  const queryClient = useQueryClient();
  const [context, setContext] = useState(list.tour_season);
  const rates = useMemo(() => context.model?.rates ?? [], [context.model]);
  const currencyRate = context.currency?.rate ?? null;
  const guardrail = useMemo(() => guardrailOf(context.model), [context.model]);

  const newModel = useCallback(
    (rows: Row[], modelRates: readonly SeasonRate[], rate: number | null) =>
      new PriceGridModel<Row>({ rows, rates: modelRates, currencyRate: rate, kind: 'supplement', trackedFields: config.trackedFields }),
    [config.trackedFields],
  );

  /** Extras from the server; a previous staging lends its models (and row keys) to the same extras, so grids keep focus. */
  const stage = useCallback(
    (extras: readonly Extra[], seasonContext: TourSeasonPricingContext, previous?: readonly Staged<Fields, Row>[]): Staged<Fields, Row>[] =>
      extras.map((extra) => {
        const id = extra.id as number;
        const before = previous?.find((staged) => staged.id === id);
        const lineUp = before !== undefined && before.model.rows.length === extra.variations.length;
        const rows = extra.variations.map((variation, i) => config.rowOf(variation, lineUp ? before.model.rows[i].key : storedRowKey(variation.id as number)));
        const modelRates = seasonContext.model?.rates ?? [];
        const rate = seasonContext.currency?.rate ?? null;
        if (lineUp) {
          before.model.reset(rows, modelRates, rate);
          return { key: before.key, id, fields: config.fieldsOf(extra), model: before.model };
        }
        return { key: storedExtraKey(id), id, fields: config.fieldsOf(extra), model: newModel(rows, modelRates, rate) };
      }),
    [config, newModel],
  );

  const [extras, setExtras] = useState<Staged<Fields, Row>[]>(() => stage(list.extras, list.tour_season));
  const [loadedFields, setLoadedFields] = useState(() => new Map(extras.map((extra) => [extra.key, fieldsText(extra.fields)])));
  const [removedIds, setRemovedIds] = useState<number[]>([]);
  const [ownErrors, setOwnErrors] = useState<Map<number, string>>(new Map());
  const [copying, setCopying] = useState(false);
  /** The latest import or Find & Replace action over several extras' grids, which the toolbar offers to undo in one go. */
  const [crossEdit, setCrossEdit] = useState<CrossGridEdit<PriceGridModel<Row>> | null>(null);

  const models = useMemo(() => extras.map((extra) => extra.model), [extras]);
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = models.map((model) => model.subscribe(listener));
      return () => stops.forEach((stop) => stop());
    },
    [models],
  );
  // Find & Replace works on the variations of every extra at once; each change goes to its own
  // grid, as one step there, and the action across them can be undone in one go.
  const allVariations = useMemo(
    () => ({
      get rows() {
        return models.flatMap((model) => model.rows);
      },
      edit: (changes: readonly CellChange[], action: BarAction = 'replace') => {
        const edit = recordCrossGridEdit(action, models, () =>
          models.forEach((model) => model.edit(changes.filter((change) => model.indexOf(change.rowKey) >= 0))),
        );
        if (edit !== null) setCrossEdit(edit);
      },
      highlight: (cells: readonly FoundCellRef[]) => models.forEach((model) => model.highlight(cells.filter((cell) => model.indexOf(cell.rowKey) >= 0))),
    }),
    [models],
  );
  const dirtyRows = useSyncExternalStore(subscribe, () => models.reduce((sum, model) => sum + model.dirtyRowCount, 0));
  // Stored variations removed from the extras still staged (each model lists its own); a removed
  // extra takes its variations with it.
  const removedVariations = useSyncExternalStore(subscribe, () => models.reduce((sum, model) => sum + model.removed.length, 0));
  const changedExtras = extras.filter((extra) => loadedFields.get(extra.key) !== fieldsText(extra.fields)).length;
  const count = dirtyRows + changedExtras + removedIds.length + removedVariations;

  const defaultRate = (model: PriceGridModel<Row>) => newRowRateId(model.rows.at(-1)?.markup_rate_id, rates);

  const addExtra = () => {
    const model = newModel([], rates, currencyRate);
    model.insertRows(0, [config.newRow(undefined, newRowRateId(null, rates))]);
    setExtras((current) => [...current, { key: newExtraKey(), fields: config.newFields(current.map((extra) => extra.fields)), model }]);
  };

  const updateFields = (key: string, fields: Partial<Fields>) =>
    setExtras((current) => current.map((extra) => (extra.key === key ? { ...extra, fields: { ...extra.fields, ...fields } } : extra)));

  const removeExtra = async (extra: Staged<Fields, Row>) => {
    if (!(await confirmStagedDelete())) return;
    setExtras((current) => current.filter((other) => other.key !== extra.key));
    if (extra.id !== undefined) {
      setRemovedIds((ids) => [...ids, extra.id as number]);
      // Its stored variations go with it; they no longer count one by one.
    }
  };

  const addVariation = (extra: Staged<Fields, Row>) => {
    const { model } = extra;
    model.insertRows(model.rows.length, [config.newRow(model.rows.at(-1), defaultRate(model))]);
  };

  const removeVariation = async (extra: Staged<Fields, Row>, rowKey: string | null) => {
    const index = rowKey === null ? -1 : extra.model.indexOf(rowKey);
    if (index < 0) {
      notifyError('Click a variation row first, then Remove variation.');
      return;
    }
    if (!(await confirmStagedDelete())) return;
    extra.model.removeRows(index, 1);
  };

  /**
   * Copy From: the other season's extras as new ones, their variations' dates moved into this
   * season's year, added after this season's (Append) or in place of them (Replace: stored extras
   * are deleted on Save, as Remove does).
   */
  const planCopy = (source: CopySource, mode: CopyMode): Promise<PlannedCopy> => {
    if (!copy) return Promise.reject(new Error('This tab has no Copy From'));
    const noun = config.noun.toLowerCase();
    return planCopyFrom({
      source,
      mode,
      load: () => copy.load(source),
      seasonOf: (copied) => copied.tour_season.season_name,
      targetSeason: context.season_name,
      existing: [
        { count: extras.length, noun },
        { count: extras.reduce((sum, extra) => sum + extra.model.rows.length, 0), noun: 'variation' },
      ],
      copied: (copied) => [
        { count: copied.extras.length, noun },
        { count: copied.extras.reduce((sum, extra) => sum + extra.variations.length, 0), noun: 'variation' },
      ],
      what: copy.type,
      ranges: (copied) => copied.extras.flatMap((extra) => extra.variations.flatMap((variation) => datedRange(variation))),
      apply: (copied, plan) => {
        const sourceRates = copied.tour_season.model?.rates ?? [];
        // copyExtras drops the ids and remaps each extra's [n] references to its copied variations.
        const staged = copyExtras<Variation, Extra>(copied.extras).map((extra): Staged<Fields, Row> => {
          const rows = extra.variations.map((variation) => {
            const row = shiftDatedFields(config.rowOf(variation, newRowKey()), plan.years);
            return { ...row, markup_rate_id: rateInSeason(row.markup_rate_id, sourceRates, rates) };
          });
          return { key: newExtraKey(), fields: config.fieldsOf(extra), model: newModel(rows, rates, currencyRate) };
        });
        if (mode === 'replace') {
          // The grids an import or a Replace all changed are gone with their extras.
          setCrossEdit(null);
          setRemovedIds((ids) => [...ids, ...extras.flatMap((extra) => (extra.id === undefined ? [] : [extra.id]))]);
          setExtras(staged);
        } else setExtras((current) => [...current, ...staged]);
      },
    });
  };

  /**
   * An accepted import (issue 21): in each extra's grid, its changed cells and the rows the sheet
   * adds at its end, and the rows it no longer has if the clerk chose to remove them, as one
   * undoable edit of that grid, unsaved. An extra's `[n]` count its variations as loaded; rows
   * added to an extra removed since are left out.
   */
  const acceptImport = (preview: ImportPreview, choice: ImportChoice) => {
    let staged = { added: 0, removedAt: [] as number[] };
    const edit = recordCrossGridEdit('import', models, () => {
      staged = stageImport(preview, choice);
    });
    if (edit !== null) setCrossEdit(edit);
    const dropped = preview.added.length - staged.added;
    const left = dropped === 0 ? '' : ` (${dropped} added row(s) left out: their ${config.noun.toLowerCase()} was removed)`;
    notifySuccess(`Imported ${importedCounts(preview, staged)}${left}: check them, then Save`);
  };

  /** The preview into each extra's grid as one step there; returns the rows added and (only counted) removed. */
  const stageImport = (preview: ImportPreview, choice: ImportChoice) => {
    let added = 0;
    const removedAt: number[] = [];
    for (const extra of extras) {
      const loaded = list.extras.find((stored) => stored.id !== undefined && stored.id === extra.id);
      if (loaded === undefined) continue;
      const { model } = extra;
      const previewIds = loaded.variations.map((variation) => variation.id as number);
      const own = {
        ...preview,
        added: preview.added.filter((row) => row.groupId === extra.id),
        missing: preview.missing.filter((row) => row.groupId === extra.id),
      };
      const remove = idsToRemove(own, choice);
      if (own.added.length === 0 && remove.length === 0) {
        model.edit(importedSheetChanges(own, model.rows, previewIds));
        continue;
      }
      const staged = stageImportedRows(
        own,
        model.rows,
        previewIds,
        (row) => {
          const fresh = config.newRow(model.rows.at(-1), row.markup_rate_id ?? defaultRate(model));
          return { at: model.rows.length, row: sheet ? sheet.labelled({ ...fresh, non_com: row.non_com, adjustment: row.adjustment }, row.labels) : fresh };
        },
        remove,
      );
      model.replaceRows(staged.rows, undefined, { removes: true });
      added += staged.added;
      removedAt.push(...staged.removedAt);
    }
    return { added, removedAt };
  };

  // Offered while it is still the latest step of a grid it touched; a grid Ctrl+Z or an edit moved on is named on refusal.
  const crossEditOpen = useSyncExternalStore(subscribe, () => crossEdit !== null && crossGridEditOpen(crossEdit));
  const undoCrossEdit = () => {
    if (crossEdit === null) return;
    const result = undoCrossGridEdit(crossEdit, (model) => {
      const e = extras.findIndex((extra) => extra.model === model);
      return e < 0 ? `A removed ${config.noun.toLowerCase()}` : `${config.noun} ${e + 1}`;
    });
    if (!result.ok) {
      notifyError(result.message);
      return;
    }
    setCrossEdit(null);
    notifySuccess(`Undid the ${crossEdit.what} in ${crossEdit.touched.length} ${crossEdit.touched.length === 1 ? config.noun.toLowerCase() : plural}`);
  };
  // The same Accept for a sheet accepted on the data export screen.
  usePendingSheetImport({ tourId, seasonId, layout: sheet?.layout, version: list.tour_season.version }, acceptImport);

  // Stored extras whose fields or variations changed, or lost a variation: the ones 'Updated extra {id}' names.
  const changedIds = () =>
    new Set(
      extras.flatMap((extra) =>
        extra.id !== undefined && (loadedFields.get(extra.key) !== fieldsText(extra.fields) || extra.model.dirtyRowCount > 0 || extra.model.removed.length > 0)
          ? [extra.id]
          : [],
      ),
    );

  // What a save sends and takes back: the staged extras as they are now, also when a merge made
  // since Save was pressed changed them (the save's callbacks are those of the render that pressed it).
  const now = useRef({ extras, removedIds });
  useEffect(() => {
    now.current = { extras, removedIds };
  });
  // The season as loaded or last saved: the base of a merge with someone else's save (issue 29).
  const loadedList = useRef(list);
  const sideOf = (stored: readonly Extra[]): ExtraSide<Fields, Row>[] =>
    stored.map((extra) => ({
      key: storedExtraKey(extra.id as number),
      id: extra.id,
      fields: config.fieldsOf(extra),
      rows: extra.variations.map((variation) => config.rowOf(variation, storedRowKey(variation.id as number))),
    }));

  /** Rebases the staged extras on what is stored now; the stored version, or null when the clerk cancelled. */
  const rebase = async (): Promise<number | null> => {
    const latest = await props.readSeason();
    const staged = now.current.extras;
    const base = sideOf(loadedList.current.extras);
    const mine = staged.map((extra) => ({ key: extra.key, id: extra.id, fields: extra.fields, rows: extra.model.rows }));
    const theirs = sideOf(latest.extras);
    const fieldNames = [...new Set([...base, ...mine, ...theirs].flatMap((extra) => Object.keys(extra.fields)))] as (keyof Fields & string)[];
    const input = { base, mine, theirs, fieldNames, variationFields: config.trackedFields as (keyof Row & string)[] };
    const last = await lastSave(tourId, seasonId);
    let merge = mergeExtras<Fields, Row>(input);
    if (merge.undecided.length > 0) {
      const numberOf = (identity: string) => staged.findIndex((extra) => rowIdentity(extra) === identity) + 1 || '(theirs)';
      const rowOf = (extra: string, row: string) => staged.find((one) => rowIdentity(one) === extra)?.model.rows.findIndex((one) => rowIdentity(one) === row);
      const rateLabel = (id: number) => rateOptions(rates).find((option) => option.value === id)?.label;
      const rows = merge.found.map((found) => {
        const where =
          found.what === 'extra'
            ? `${config.noun} ${numberOf(found.conflict.row)}`
            : `${config.noun} ${numberOf(found.extra)} [${rowOf(found.extra, found.conflict.row) ?? '?'}]`;
        return conflictItem<unknown>({ id: found.key, conflict: found.conflict, where, rateLabel });
      });
      const picked = await chooseCells(rows, last);
      if (picked === null) return null;
      merge = mergeExtras<Fields, Row>({ ...input, choices: picked });
    }
    const season = latest.tour_season;
    const modelRates = season.model?.rates ?? [];
    const rate = season.currency?.rate ?? null;
    const next = merge.extras.map((merged): Staged<Fields, Row> => {
      const ours = staged.find((extra) => rowIdentity(extra) === rowIdentity(merged));
      const model = ours?.model ?? newModel([], modelRates, rate);
      model.reset([...merged.storedRows], modelRates, rate);
      model.replaceRows(merged.rows, undefined, { removes: true });
      return { key: ours?.key ?? merged.key, id: merged.id, fields: merged.fields, model };
    });
    const storedFields = new Map(
      merge.extras.flatMap((merged, index) => (merged.storedFields ? [[next[index].key, fieldsText(merged.storedFields)] as const] : [])),
    );
    now.current = { extras: next, removedIds: merge.removedIds };
    loadedList.current = latest;
    setExtras(next);
    setLoadedFields(storedFields);
    setContext(season);
    setRemovedIds(merge.removedIds);
    setCrossEdit(null);
    queryClient.setQueryData(queryKey, latest);
    notifySuccess(mergedSeasonMessage(last, merge.keptMine));
    return season.version;
  };

  const save = useStagedGridSave({
    version: list.tour_season.version,
    count,
    problems: () => unsavableRows(now.current.extras, config.noun),
    rebase,
    send: async (version) => {
      const { extras: sent, removedIds: removing } = now.current;
      // Named as the server names them: the extra's name (or its number) and the row.
      const grids = sent.map((extra, index) => ({
        model: extra.model,
        label: (row: number) => `${extraName(extra.fields) || `extra ${index + 1}`} [${row}]`,
      }));
      const confirmed = await confirmBelowGuardrail(grids, guardrail);
      return saveSeason({ ...extrasSaveBody(version, sent, config.variationFields, removing), ...confirmed });
    },
    savedVersion: (saved) => saved.tour_season.version,
    onSaved: (saved) => {
      const changed = changedIds();
      loadedList.current = { tour_season: saved.tour_season, extras: saved.extras };
      const staged = stage(saved.extras, saved.tour_season, now.current.extras);
      setExtras(staged);
      setLoadedFields(new Map(staged.map((extra) => [extra.key, fieldsText(extra.fields)])));
      setContext(saved.tour_season);
      setRemovedIds([]);
      setOwnErrors(new Map());
      // The saved grids start a new history: nothing left to undo across them.
      setCrossEdit(null);
      queryClient.setQueryData(queryKey, { tour_season: saved.tour_season, extras: saved.extras });
      notifySeasonSave(saved, extraToast, changed);
    },
    // The app's mutation cache shows the server's message.
    onRefused: (items) => {
      const sent = now.current.extras;
      const named = extraErrors(items, sent);
      sent.forEach((extra, e) => extra.model.setServerErrors(named.rows.get(e) ?? new Map()));
      setOwnErrors(named.extras);
    },
  });

  const rateChoices = useMemo(() => rateOptions(rates), [rates]);
  const findFold = useFindReplaceFold();
  /** A variation as the tab names it: 'Supplement 2 [0]' (each extra's grid numbers its rows from 0). */
  const rowLabel = (row: PriceRow) => {
    const e = extras.findIndex((extra) => extra.model.indexOf(row.key) >= 0);
    return e < 0 ? `[?]` : `${config.noun} ${e + 1} [${extras[e].model.indexOf(row.key)}]`;
  };
  const currencySymbol = context.currency?.symbol ?? '';
  const cellHistory = useCellHistory({ tourId, seasonId, kind: config.historyKind, rowLabel, rateChoices, currencySymbol });
  const plural = `${config.noun.toLowerCase()}s`;

  return (
    <div className="season-data-workspace">
      <div className="toolbar">
        <button type="button" className="button" onClick={addExtra}>
          Add {config.noun}
        </button>
        {copy && (
          <button type="button" className="button" onClick={() => setCopying(true)} aria-expanded={copying}>
            Copy From
          </button>
        )}
        {sheet && <TabSheetButtons tourId={tourId} layout={sheet.layout} what={sheet.what} season={() => sheet.season(list)} onAccept={acceptImport} />}
        {crossEdit !== null && crossEditOpen && (
          <button
            type="button"
            className="button"
            onClick={undoCrossEdit}
            title={`Undo the ${crossEdit.what} in every ${config.noun.toLowerCase()} it changed`}
          >
            Undo {crossEdit.what}
          </button>
        )}
        {extras.length > 0 && <FindReplaceButton fold={findFold} />}
        <span className="muted">
          {extras.length} {extras.length === 1 ? config.noun.toLowerCase() : plural}
        </span>
        <span className="toolbar-end">
          {follow && <AlsoHere presence={follow} />}
          <GridPriceHistory
            tourId={tourId}
            seasonId={seasonId}
            kind={config.historyKind}
            model={allVariations}
            rateChoices={rateChoices}
            rowLabel={rowLabel}
            currencySymbol={currencySymbol}
          />
          <ThreeClickSave {...save.button} />
        </span>
      </div>
      {follow && (
        <ChangeNotice
          presence={follow}
          grid={{ tourId, seasonId, kind: config.historyKind, model: allVariations }}
          onBringIn={bringInWith(follow, save.dirty, onRebase ?? save.bringIn)}
        />
      )}
      {(!context.model || !context.currency) && (
        <p className="error">
          {MISSING_MODEL_OR_CURRENCY} <Link to={`/tours/${tourId}/seasons?season=${seasonId}`}>Set them on the Seasons tab</Link>.
        </p>
      )}
      {cellHistory.dialog}
      {copying && copy && (
        <CopyFromPanel
          type={copy.type}
          tourId={tourId}
          seasonId={seasonId}
          existing={{ count: extras.length, noun: config.noun.toLowerCase() }}
          onPlan={planCopy}
          onClose={() => setCopying(false)}
        />
      )}
      <FindReplaceBar fold={findFold} model={allVariations} rateOptions={rateChoices} onResult={notifySuccess} />
      {extras.length === 0 && <EmptyView message={config.emptyMessage} />}
      {extras.map((extra, e) => (
        <ExtraCard
          key={extra.key}
          title={config.title(extra.fields, e + 1)}
          number={e + 1}
          unsaved={loadedFields.get(extra.key) !== fieldsText(extra.fields)}
          error={ownErrors.get(e) ?? null}
          fields={renderFields(extra.fields, e + 1, (fields) => updateFields(extra.key, fields))}
          model={extra.model}
          leadingColumns={leadingColumns}
          rateOptions={rateChoices}
          currencySymbol={currencySymbol}
          guardrail={guardrail}
          noun={config.noun}
          onAddVariation={() => addVariation(extra)}
          onRemoveVariation={(rowKey) => void removeVariation(extra, rowKey)}
          onRemove={() => void removeExtra(extra)}
          renderRowPanel={renderRowPanel}
          onSave={save.pressSave}
          onCellHistory={cellHistory.onCellHistory}
          onFind={findFold.open}
        />
      ))}
    </div>
  );
}
