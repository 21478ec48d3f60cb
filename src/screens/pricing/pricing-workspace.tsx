import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { ApiError } from '../../api/api-error';
import { notifyError, notifySuccess } from '../../ui/notify';
import { confirmStagedDelete } from '../../ui/confirm-dialog';
import { guardrailOf } from '../../domain/models/margin-guardrail';
import { storedDateRanges } from '../../domain/pricing/date-ranges';
import type { SeasonPricing } from '../../domain/pricing/tour-pricing';
import { overLimitProblem, SEASON_PRICING_LIMITS } from '../../domain/pricing/season-limits';
import type { CopyMode } from '../../domain/tours/plan-season-copy';
import { FindReplaceBar, FindReplaceButton } from '../../grid/find-replace-bar';
import { useFindReplaceFold } from '../../grid/use-find-replace-fold';
import { PriceGrid } from '../../grid/price-grid';
import type { GroupHeader as GroupHeaderRow, LeadingColumn } from '../../grid/price-grid-context';
import { PriceGridModel } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';
import { useModelDisposal } from '../../grid/use-model-disposal';
import { idsToRemove, importedCounts, importedSheetChanges } from '../../grid/commands/stage-imported-sheet';
import { ImportSheetButton } from '../tour-season/import-sheet-button';
import { previewPriceSheet, type ImportChoice, type ImportPreview } from '../../formulas/price-sheet-import';
import { PRICING_LAYOUT } from '../../formulas/price-sheet-layout';
import { usePendingSheetImport } from '../tour-season/pending-sheet-import';
import { GridPriceHistory } from '../tour-season/price-history-panel';
import { useCellHistory } from '../tour-season/cell-history-dialog';
import { stageImportIntoGroups } from './import-into-groups';
import { categoriesOf, categoryChanges, categoryToasts } from './category-changes';
import { copiedCategories } from './copied-categories';
import { CopyFromPanel, type CopySource, type PlannedCopy } from '../tour-season/copy-from-panel';
import { planCopyFrom, readSourceSeason } from '../tour-season/plan-copy-from';
import { GroupHeader } from './group-header';
import { GroupPanel } from './group-panel';
import {
  copyRows,
  dragInGroups,
  emptyGroup,
  followingDates,
  groupKeysOfRows,
  groupOfRow,
  groupStarts,
  growGroup,
  moveInGroups,
  newGroupKey,
  newGroupStart,
  nextDateRange,
  newPriceRow,
  regroupedRowKeys,
  rowsNamedByErrors,
  saveBody,
  seasonYear,
  shrinkGroups,
  stageCategories,
  withDateRanges,
  type GroupFields,
  type PriceGroup,
  type PricingRow,
} from './price-groups';
import { pricingQueries, type NamedOption } from '../../api/pricing-queries';
import { rateOptions } from '../tour-season/rate-options';
import { RowButtons } from './row-buttons';
import { ThreeClickSave } from '../tour-season/three-click-save';
import { confirmBelowGuardrail } from '../tour-season/confirm-below-guardrail';
import { useDirtyRowCount } from '../tour-season/use-dirty-row-count';
import { useRemovedRows } from '../tour-season/use-removed-rows';
import { gridProblems, useStagedGridSave } from '../tour-season/use-staged-grid-save';
import { useRebaseSeason } from './use-rebase-season';
import { AlsoHere, bringInWith, ChangeNotice, type FollowProps } from '../tour-season/season-presence';

export type PricingWorkspaceProps = {
  tourId: string;
  seasonId: string;
  pricing: SeasonPricing;
  roomTypes: readonly NamedOption[];
  accommodation: readonly NamedOption[];
  decks: readonly NamedOption[];
  boats: readonly NamedOption[];
  routes: readonly NamedOption[];
} & FollowProps;

/**
 * How the rows are laid out: the groups, and the ids of the stored groups removed since the last
 * save (Remove Group, Copy From Replace), which the save deletes. The grid model keeps it: every
 * row operation takes the layout after it, so Ctrl+Z puts the groups back with the rows. The
 * stored prices removed are the model's `removed`.
 */
type PricingLayout = { groups: PriceGroup[]; removedGroupIds: number[] };

const options = (list: readonly NamedOption[]) => [{ value: null, label: '—' }, ...list.map((item) => ({ value: item.id, label: item.name }))];

/** The staged price groups of one season and their grid; nothing reaches the server before Save. */
export function PricingWorkspace(props: PricingWorkspaceProps) {
  const { tourId, seasonId, pricing, boats, routes } = props;
  const queryClient = useQueryClient();
  const context = pricing.tour_season;
  const rates = useMemo(() => context.model?.rates ?? [], [context.model]);
  const guardrail = useMemo(() => guardrailOf(context.model), [context.model]);
  const [initial] = useState(() => stageCategories(pricing.categories));
  const [model] = useState(
    () =>
      new PriceGridModel<PricingRow, PricingLayout>({
        rows: initial.rows,
        rates,
        currencyRate: context.currency?.rate ?? null,
        kind: 'tour',
        trackedFields: ['room_type_id', 'accommodation_category_id', 'deck_id'],
        layoutRequired: true,
        layout: { groups: initial.groups, removedGroupIds: [] },
      }),
  );
  useModelDisposal(model);
  const subscribe = useCallback((listener: () => void) => model.subscribe(listener), [model]);
  // Row operations read model.layout, which is current before React renders it: a held
  // Alt+Shift+arrow repeats faster than the screen redraws.
  const layout = useSyncExternalStore(subscribe, () => model.layout);
  const groupsDirty = useSyncExternalStore(subscribe, () => model.layoutChanged);
  // Stored groups and prices removed since the last save: a refused save keeps them removed.
  const { groups, removedGroupIds } = layout;
  const removedRows = useRemovedRows(model).length;
  // The group each stored row was loaded in: a row moved across a group header is saved again.
  const loadedGroups = useRef(groupKeysOfRows(initial.groups, initial.rows));
  const [selectedKey, setSelectedKey] = useState<string | null>(initial.groups[0]?.key ?? null);
  // The group fields fold into each group's summary row and open on demand, leaving the height to the grid.
  const [panelOpen, setPanelOpen] = useState(false);
  const dirtyRows = useDirtyRowCount(model);

  const starts = useMemo(() => groupStarts(groups), [groups]);
  // The stamp holds all a header shows (its Edit group button opened or not): the grid redraws a header only when it changes.
  const headers = useMemo<GroupHeaderRow[]>(
    () =>
      groups.map((group, g) => ({
        key: group.key,
        beforeIndex: starts[g],
        stamp: `${g}:${group.key === selectedKey}:${group.key === selectedKey && panelOpen}:${JSON.stringify(group)}`,
      })),
    [groups, starts, selectedKey, panelOpen],
  );
  const rowGroup = useCallback((index: number) => groups[starts.findLastIndex((start) => start <= index)], [groups, starts]);

  /** The next layout, for the model's row operation, which keeps it with the rows in the undo history. */
  const stage = (next: Partial<PricingLayout>): PricingLayout => ({ ...model.layout, ...next });
  const changeGroups = (next: PriceGroup[]) => model.changeLayout(stage({ groups: next }));

  const updateGroup = (key: string, fields: Partial<GroupFields>) => changeGroups(groups.map((group) => (group.key === key ? { ...group, ...fields } : group)));

  const addGroup = () => {
    const group = emptyGroup(newGroupStart(groups, seasonYear(context.season_name)));
    changeGroups([...groups, group]);
    setSelectedKey(group.key);
    // A new group needs its dates: its fields open at once.
    setPanelOpen(true);
  };

  const removeGroup = async (key: string) => {
    const g = groups.findIndex((group) => group.key === key);
    if (g < 0 || !(await confirmStagedDelete())) return;
    const group = groups[g];
    const removed = group.id === undefined ? removedGroupIds : [...removedGroupIds, group.id];
    model.removeRows(starts[g], group.size, stage({ groups: groups.filter((other) => other.key !== key), removedGroupIds: removed }));
    if (selectedKey === key) setSelectedKey(null);
  };

  // The row the keyboard is on and the rows the selection covers: the row buttons work on them.
  const focusedKey = useRef<string | null>(null);
  const selectedRows = useRef<{ first: number; last: number } | null>(null);
  const rowsToWorkOn = (): { first: number; last: number } | null => {
    const focused = focusedKey.current ? model.indexOf(focusedKey.current) : -1;
    const selected = selectedRows.current;
    if (selected && selected.last < model.rows.length) return selected;
    return focused < 0 ? null : { first: focused, last: focused };
  };

  /** A new row above the first selected row or below the last, in that row's group. */
  const insertRow = (where: 'above' | 'below', rows = rowsToWorkOn()) => {
    if (rows === null) {
      notifyError('Click a price row first, then Insert row (or Add Price on a group).');
      return;
    }
    const at = where === 'above' ? rows.first : rows.last + 1;
    const g = groupOfRow(groups, where === 'above' ? rows.first : rows.last);
    const previous = at > starts[g] ? model.rows[at - 1] : undefined;
    model.insertRows(at, [newPriceRow(previous, rates)], stage({ groups: growGroup(groups, g, 1) }));
  };

  const deleteRows = async (rows = rowsToWorkOn()) => {
    if (rows === null) {
      notifyError('Click a price row first (Shift+click or Shift+arrows for several), then Delete rows.');
      return;
    }
    if (!(await confirmStagedDelete())) return;
    const indexes = Array.from({ length: rows.last - rows.first + 1 }, (_, i) => rows.first + i);
    // Stored rows are deleted by the season save: a row missing from the body goes.
    model.deleteRows(indexes, stage({ groups: shrinkGroups(groups, indexes) }));
    focusedKey.current = null;
    selectedRows.current = null;
  };

  /** Alt+Shift+Up/Down and Move up / Move down: the selected rows by one row, across a group's edge into the next group. */
  const moveRows = (rows: { first: number; last: number } | null, delta: -1 | 1): boolean => {
    const move = rows && moveInGroups(model.layout.groups, rows.first, rows.last, delta);
    if (!move) return false;
    if (move.kind === 'groups') model.changeLayout(stage({ groups: move.groups }));
    else {
      model.moveRows(move.from, move.count, move.to, stage({}));
      selectedRows.current = { first: move.to, last: move.to + move.count - 1 };
    }
    return true;
  };

  /** A row dragged by its `#` cell takes the place of the row it is dropped on, in that row's group. */
  const dragRow = (from: number, to: number): boolean => {
    model.moveRows(from, 1, to, stage({ groups: dragInGroups(groups, from, to) }));
    return true;
  };

  /** Add new dates: one more range for the group, after the season's last end, so it overlaps no group. */
  const addDates = (key: string) => {
    const group = groups.find((other) => other.key === key);
    if (group) updateGroup(key, withDateRanges([...group.date_ranges, nextDateRange(groups, group, seasonYear(context.season_name))]));
  };

  const addPrice = (key: string) => {
    const g = groups.findIndex((group) => group.key === key);
    const end = starts[g] + groups[g].size;
    const previous = groups[g].size > 0 ? model.rows[end - 1] : undefined;
    model.insertRows(end, [newPriceRow(previous, rates)], stage({ groups: growGroup(groups, g, 1) }));
  };

  /** Copies of a group inserted after it, each with the dates following on (Duplicate group). */
  const duplicate = (key: string, count: number) => {
    const g = groups.findIndex((group) => group.key === key);
    const group = groups[g];
    const source = model.rows.slice(starts[g], starts[g] + group.size);
    let at = starts[g] + group.size;
    const copies: PriceGroup[] = [];
    const rows: PricingRow[] = [];
    for (let n = 1; n <= count; n += 1) {
      rows.push(...copyRows(source, starts[g], at));
      copies.push({ ...group, ...followingDates(group, n), id: undefined, key: newGroupKey() });
      at += group.size;
    }
    model.insertRows(starts[g] + group.size, rows, stage({ groups: [...groups.slice(0, g + 1), ...copies, ...groups.slice(g + 1)] }));
  };

  const [copying, setCopying] = useState(false);
  /**
   * Copy From: the other season's groups, dated in this season's year, staged after this season's
   * (Append) or in place of them (Replace: stored groups go as Remove Group takes them, on Save).
   */
  const planCopy = (source: CopySource, mode: CopyMode): Promise<PlannedCopy> =>
    planCopyFrom({
      source,
      mode,
      load: () => readSourceSeason(queryClient, pricingQueries.prices(String(source.tourId), String(source.seasonId))),
      seasonOf: (copied) => copied.tour_season.season_name,
      targetSeason: context.season_name,
      existing: [
        { count: groups.length, noun: 'group' },
        { count: model.rows.length, noun: 'price' },
      ],
      copied: (copied) => [
        { count: copied.categories.length, noun: 'group' },
        { count: copied.categories.reduce((sum, category) => sum + category.prices.length, 0), noun: 'price' },
      ],
      what: 'prices',
      ranges: (copied) => copied.categories.flatMap(storedDateRanges),
      // Row operations with their layout, so that undo takes the copy back (Replace: two steps,
      // the removal and the copies).
      apply: (copied, plan) => {
        if (mode === 'replace') {
          const { groups: now, removedGroupIds: listed } = model.layout;
          const stored = now.flatMap((group) => (group.id === undefined ? [] : [group.id]));
          model.deleteRows(
            model.rows.map((_, index) => index),
            stage({ groups: [], removedGroupIds: [...listed, ...stored] }),
          );
          focusedKey.current = null;
          selectedRows.current = null;
          setSelectedKey(null);
        }
        const staged = copiedCategories(copied, model.rows.length, rates, plan.years);
        model.insertRows(model.rows.length, staged.rows, stage({ groups: [...model.layout.groups, ...staged.groups] }));
      },
    });

  // The season as loaded or last saved: the base of a merge with someone else's save (issue 29).
  const loadedPricing = useRef(pricing);
  const rebase = useRebaseSeason({
    tourId,
    seasonId,
    model,
    loadedPricing,
    rateLabel: (id) => rateOptions(model.rates).find((option) => option.value === id)?.label,
    onRebased: (stored) => {
      loadedGroups.current = groupKeysOfRows(stored.groups, stored.rows);
    },
  });

  const regrouped = regroupedRowKeys(groups, model.rows, loadedGroups.current).filter((key) => !model.isDirtyRow(key)).length;
  const save = useStagedGridSave({
    version: context.version,
    count: dirtyRows + removedRows + regrouped,
    dirty: dirtyRows > 0 || groupsDirty || removedGroupIds.length > 0,
    problems: () => gridProblems(model),
    // The layout is read from the model, not this render: a merge may have changed it since Save was pressed.
    send: async (version) => {
      const body = saveBody(version, model.layout.groups, model.rows, (i) => model.savedFields(i), model.layout.removedGroupIds);
      // The server's refusal, before sending what it would refuse (issue 19).
      const tooBig = overLimitProblem(body.categories, SEASON_PRICING_LIMITS);
      if (tooBig !== undefined) throw new ApiError(400, [{ msg: tooBig, path: 'categories' }]);
      const confirmed = await confirmBelowGuardrail([{ model }], guardrail);
      return api.tourPricing.save({ params: { tourId, seasonId }, body: { ...body, ...confirmed } });
    },
    savedVersion: (saved) => saved.tour_season.version,
    rebase,
    onSaved: (saved) => {
      loadedPricing.current = saved;
      const staged = stageCategories(saved.categories, { groups: model.layout.groups, rows: model.rows });
      model.reset(staged.rows, saved.tour_season.model?.rates ?? [], saved.tour_season.currency?.rate ?? null, {
        groups: staged.groups,
        removedGroupIds: [],
      });
      loadedGroups.current = groupKeysOfRows(staged.groups, staged.rows);
      const before = categoriesOf(queryClient.getQueryData(pricingQueries.prices(tourId, seasonId).queryKey));
      queryClient.setQueryData(pricingQueries.prices(tourId, seasonId).queryKey, saved);
      for (const text of categoryToasts(categoryChanges(before, saved.categories))) notifySuccess(text);
    },
    // Rows are named by key against the layout that was sent, which the refusal leaves as it was
    // (deleted rows stay deleted); the app's query client shows the message.
    onRefused: (items) => model.setServerErrors(rowsNamedByErrors([...items], model.layout.groups, model.rows)),
  });

  const leading = useMemo<LeadingColumn[]>(() => {
    const boatGroups = groups.some((group) => group.boat_id !== null);
    return [
      { field: 'room_type_id', headerName: 'Room', kind: 'select', options: options(props.roomTypes), width: 130, compactWidth: 84, pinned: true },
      {
        field: 'accommodation_category_id',
        headerName: 'Accommodation',
        kind: 'select',
        options: options(props.accommodation),
        width: 150,
        compactWidth: 124,
        pinned: true,
      },
      ...(boatGroups
        ? [
            {
              field: 'deck_id',
              headerName: 'Deck',
              kind: 'select' as const,
              options: options(props.decks),
              width: 120,
              compactWidth: 90,
              editable: (row: PriceRow) => {
                const index = model.indexOf(row.key);
                return index >= 0 && rowGroup(index)?.boat_id != null;
              },
            },
          ]
        : []),
    ];
  }, [groups, props.roomTypes, props.accommodation, props.decks, model, rowGroup]);

  const rateChoices = useMemo(() => rateOptions(rates), [rates]);
  const findFold = useFindReplaceFold();
  const currencySymbol = context.currency?.symbol ?? '';
  const cellHistory = useCellHistory({ tourId, seasonId, kind: 'price', rowLabel: (row) => `[${model.indexOf(row.key)}]`, rateChoices, currencySymbol });
  const selected = groups.find((group) => group.key === selectedKey) ?? null;

  const renderGroupHeader = (key: string) => {
    const g = groups.findIndex((group) => group.key === key);
    if (g < 0) return null;
    return (
      <GroupHeader
        group={groups[g]}
        number={g + 1}
        selected={key === selectedKey}
        expanded={key === selectedKey && panelOpen}
        boats={boats}
        routes={routes}
        onToggle={() => {
          setPanelOpen(key !== selectedKey || !panelOpen);
          setSelectedKey(key);
        }}
        onAddPrice={() => addPrice(key)}
        onRemove={() => void removeGroup(key)}
      />
    );
  };

  /** An accepted import (issue 21), here or on the data export screen: `[n]` and ids are the prices as loaded. */
  const acceptImport = (preview: ImportPreview, choice: ImportChoice) => {
    const previewIds = pricing.categories.flatMap((category) => category.prices.map((price) => price.id));
    const remove = idsToRemove(preview, choice);
    // One edit: one undo step, unsaved until Save.
    if (preview.added.length === 0 && remove.length === 0) {
      model.edit(importedSheetChanges(preview, model.rows, previewIds));
      notifySuccess(`Imported ${preview.changes.length} changed cell(s): check them, then Save`);
      return;
    }
    // Rows the sheet adds go at the end of their groups, with the changed cells and the removed rows, as one row operation.
    const lookups = { roomTypes: props.roomTypes, accommodation: props.accommodation };
    const staged = stageImportIntoGroups(preview, model.rows, model.layout.groups, previewIds, rates, lookups, remove);
    model.replaceRows(staged.rows, stage({ groups: staged.groups }), { removes: true });
    const dropped = staged.dropped === 0 ? '' : ` (${staged.dropped} added row(s) left out: their group was removed)`;
    notifySuccess(`Imported ${importedCounts(preview, staged)}${dropped}: check them, then Save`);
  };
  usePendingSheetImport({ tourId, seasonId, layout: PRICING_LAYOUT, version: context.version }, acceptImport);

  return (
    <div className="pricing-workspace fills-window">
      <div className="toolbar">
        <button type="button" className="button" onClick={addGroup}>
          Add Group
        </button>
        <RowButtons onInsert={(where) => insertRow(where)} onDelete={() => void deleteRows()} onMove={(delta) => void moveRows(rowsToWorkOn(), delta)} />
        <button type="button" className="button" onClick={() => setCopying(true)} aria-expanded={copying}>
          Copy From
        </button>
        <ImportSheetButton preview={(bytes, options) => previewPriceSheet(bytes, pricing, options)} onAccept={acceptImport} />
        <GridPriceHistory tourId={tourId} seasonId={seasonId} kind="price" model={model} rateChoices={rateChoices} currencySymbol={currencySymbol} />
        <FindReplaceButton fold={findFold} />
        <span className="muted">
          {groups.length} group{groups.length === 1 ? '' : 's'}, {model.rows.length} price{model.rows.length === 1 ? '' : 's'}
        </span>
        <span className="toolbar-end">
          {props.follow && <AlsoHere presence={props.follow} />}
          <ThreeClickSave {...save.button} />
        </span>
      </div>
      {props.follow && (
        <ChangeNotice
          presence={props.follow}
          grid={{ tourId, seasonId, kind: 'price', model }}
          onBringIn={bringInWith(props.follow, save.dirty, props.onRebase ?? save.bringIn)}
        />
      )}
      {cellHistory.dialog}
      {copying && (
        <CopyFromPanel
          type="pricing"
          tourId={tourId}
          seasonId={seasonId}
          existing={{ count: groups.length, noun: 'group' }}
          onPlan={planCopy}
          onClose={() => setCopying(false)}
        />
      )}
      <FindReplaceBar fold={findFold} model={model} rateOptions={rateChoices} onResult={notifySuccess} />
      {selected && panelOpen && (
        <GroupPanel
          key={selected.key}
          group={selected}
          number={groups.indexOf(selected) + 1}
          boats={boats}
          routes={routes}
          onChange={(fields) => updateGroup(selected.key, fields)}
          onAddDates={() => addDates(selected.key)}
          onDuplicate={(count) => duplicate(selected.key, count)}
          onClose={() => setPanelOpen(false)}
        />
      )}
      <div className="grid-fill">
        <PriceGrid
          model={model}
          ariaLabel="Prices"
          onFind={findFold.open}
          leadingColumns={leading}
          rateOptions={rateChoices}
          currencySymbol={currencySymbol}
          groupHeaders={headers}
          renderGroupHeader={renderGroupHeader}
          onMessage={(message) => notifyError(message)}
          onSelectRows={(rows) => {
            selectedRows.current = rows;
          }}
          onMoveRows={moveRows}
          onInsertRow={(rows, where) => insertRow(where, rows)}
          onDeleteRows={(rows) => void deleteRows(rows)}
          onDragRow={dragRow}
          onCellHistory={cellHistory.onCellHistory}
          guardrail={guardrail}
          onFocusRow={(key) => {
            focusedKey.current = key;
            const group = rowGroup(model.indexOf(key));
            if (group && group.key !== selectedKey) setSelectedKey(group.key);
          }}
          height="100%"
          onSave={save.pressSave}
        />
      </div>
    </div>
  );
}
