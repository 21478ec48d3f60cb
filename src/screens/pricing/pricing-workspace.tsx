import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORTS_OWN_ERRORS } from '../../ui/query-client';
import { api } from '../../api/api';
import { ApiError } from '../../api/api-error';
import { notifyError, notifySuccess } from '../../ui/notify';
import { confirmStagedDelete } from '../../ui/confirm-dialog';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes';
import { storedDateRanges } from '../../domain/pricing/date-ranges';
import type { SeasonPricing } from '../../domain/pricing/tour-pricing';
import { overLimitProblem, SEASON_PRICING_LIMITS } from '../../domain/pricing/season-limits';
import { planSeasonCopy, type CopyMode } from '../../domain/tours/plan-season-copy';
import { FindReplaceBar } from '../../grid/find-replace-bar';
import { PriceGrid } from '../../grid/price-grid';
import type { GroupHeader as GroupHeaderRow, LeadingColumn } from '../../grid/price-grid-context';
import { PriceGridModel, type LayoutChange } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';
import { useModelDisposal } from '../../grid/use-model-disposal';
import { categoriesOf, categoryChanges, categoryToasts } from './category-changes';
import { copiedCategories } from './copied-categories';
import { CopyFromPanel, type CopySource, type PlannedCopy } from '../tour-season/copy-from-panel';
import { formatDayMonthYear } from '../tour-season/date-text';
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
import { pricingQueries, type NamedOption } from '../tour-season/pricing-queries';
import { rateOptions } from '../tour-season/rate-options';
import { RowButtons } from './row-buttons';
import { ThreeClickSave } from '../tour-season/three-click-save';
import { useDirtyRowCount } from '../tour-season/use-dirty-row-count';

export type PricingWorkspaceProps = {
  tourId: string;
  seasonId: string;
  pricing: SeasonPricing;
  roomTypes: readonly NamedOption[];
  accommodation: readonly NamedOption[];
  decks: readonly NamedOption[];
  boats: readonly NamedOption[];
  routes: readonly NamedOption[];
};

/** `replaced`: removed by a Copy From Replace, whose copies took its place: a failed save leaves it removed. */
type RemovedGroup = { group: PriceGroup; rows: PricingRow[]; position: number; replaced?: boolean };
/** A stored price removed on its own ("Remove price"): its group and where it sat in it. */
type RemovedPrice = { row: PricingRow; groupKey: string; offset: number };
/**
 * What the screen keeps beside the grid's rows: the groups, and the stored groups and prices
 * removed since the last save. Every row operation records it before and after, so Ctrl+Z puts
 * the groups back with the rows.
 */
type PricingLayout = { groups: PriceGroup[]; removedGroups: RemovedGroup[]; removedPrices: RemovedPrice[] };

const options = (list: readonly NamedOption[]) => [{ value: null, label: '—' }, ...list.map((item) => ({ value: item.id, label: item.name }))];

/** The staged price groups of one season and their grid; nothing reaches the server before Save. */
export function PricingWorkspace(props: PricingWorkspaceProps) {
  const { tourId, seasonId, pricing, boats, routes } = props;
  const queryClient = useQueryClient();
  const context = pricing.tour_season;
  const rates = useMemo(() => context.model?.rates ?? [], [context.model]);
  const [initial] = useState(() => stageCategories(pricing.categories));
  const [model] = useState(
    () =>
      new PriceGridModel<PricingRow>({
        rows: initial.rows,
        rates,
        currencyRate: context.currency?.rate ?? null,
        kind: 'tour',
        trackedFields: ['room_type_id', 'accommodation_category_id', 'deck_id'],
        layoutRequired: true,
      }),
  );
  useModelDisposal(model);
  const [layout, setLayoutState] = useState<PricingLayout>({ groups: initial.groups, removedGroups: [], removedPrices: [] });
  // The layout as the latest operation left it, before React renders it: a held Alt+Shift+arrow
  // repeats faster than the screen redraws.
  const latest = useRef(layout);
  const setLayout = (next: PricingLayout) => {
    latest.current = next;
    setLayoutState(next);
  };
  // Groups and prices removed since the last save, with their rows, so a failed save can put them back.
  const { groups, removedGroups, removedPrices } = layout;
  const [version, setVersion] = useState(context.version);
  const removedIds = useMemo(() => removedGroups.flatMap((removed) => (removed.group.id === undefined ? [] : [removed.group.id])), [removedGroups]);
  const removedRows = removedGroups.reduce((sum, removed) => sum + removed.rows.length, 0) + removedPrices.length;
  const [groupsDirty, setGroupsDirty] = useState(false);
  // The group each stored row was loaded in: a row moved across a group header is saved again.
  const loadedGroups = useRef(groupKeysOfRows(initial.groups, initial.rows));
  // Undo and redo of a row operation put the groups back as they were then.
  useEffect(
    () =>
      model.subscribe((event) => {
        if (event.kind !== 'structure' || event.restored?.layout === undefined) return;
        setLayout(event.restored.layout as PricingLayout);
        setGroupsDirty(true);
      }),
    [model],
  );
  const [selectedKey, setSelectedKey] = useState<string | null>(initial.groups[0]?.key ?? null);
  // The group fields fold into each group's summary row and open on demand, leaving the height to the grid.
  const [panelOpen, setPanelOpen] = useState(false);
  const dirtyRows = useDirtyRowCount(model as PriceGridModel<PriceRow>);
  const dirty = dirtyRows > 0 || groupsDirty || removedIds.length > 0;
  useUnsavedChangesPrompt(dirty);

  const starts = useMemo(() => groupStarts(groups), [groups]);
  const headers = useMemo<GroupHeaderRow[]>(
    () => groups.map((group, g) => ({ key: group.key, beforeIndex: starts[g], stamp: `${g}:${group.key === selectedKey}:${JSON.stringify(group)}` })),
    [groups, starts, selectedKey],
  );
  const rowGroup = useCallback((index: number) => groups[starts.findLastIndex((start) => start <= index)], [groups, starts]);

  /** Stages the next layout; the returned change goes with the model's row operation into the undo history. */
  const stage = (next: Partial<PricingLayout>): LayoutChange => {
    const before = latest.current;
    const after = { ...before, ...next };
    setLayout(after);
    setGroupsDirty(true);
    return { before, after };
  };
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
    const rows = model.rows.slice(starts[g], starts[g] + group.size) as PricingRow[];
    const removed = group.id === undefined ? removedGroups : [...removedGroups, { group, rows, position: g }];
    model.removeRows(starts[g], group.size, stage({ groups: groups.filter((other) => other.key !== key), removedGroups: removed }));
    if (selectedKey === key) setSelectedKey(null);
  };

  /**
   * The season save is one transaction, so when it fails nothing was deleted: the removed groups,
   * then the prices removed on their own, go back where they were (latest removal first, so
   * earlier positions hold), staged for removal no more. Groups a Copy From Replace removed stay
   * removed: their copies stand in their place, and bringing them back would turn the Replace
   * into an Append the next save would store.
   */
  const restoreRemoved = () => {
    if (removedGroups.every((removed) => removed.replaced) && removedPrices.length === 0) return;
    let current = latest.current;
    const step = (next: PricingLayout): LayoutChange => {
      const change = { before: current, after: next };
      current = next;
      return change;
    };
    // Each step takes its entry off the staged removals, so undo and redo keep both in line.
    for (const removed of [...removedGroups].reverse()) {
      if (removed.replaced) continue;
      const { group, rows, position } = removed;
      const at = Math.min(position, current.groups.length);
      const { groups: now, removedGroups: listed } = current;
      model.insertRows(
        groupStarts(now)[at] ?? model.rows.length,
        rows,
        step({ ...current, groups: [...now.slice(0, at), group, ...now.slice(at)], removedGroups: listed.filter((other) => other !== removed) }),
      );
    }
    for (const { row, groupKey, offset } of [...removedPrices].reverse()) {
      const g = current.groups.findIndex((group) => group.key === groupKey);
      const listed = current.removedPrices.slice(0, -1);
      if (g < 0) {
        current = { ...current, removedPrices: listed };
        continue;
      }
      model.insertRows(groupStarts(current.groups)[g] + Math.min(offset, current.groups[g].size), [row], step({ ...current, groups: growGroup(current.groups, g, 1), removedPrices: listed }));
    }
    setLayout({ groups: current.groups, removedGroups: current.removedGroups, removedPrices: [] });
  };

  // The row the keyboard is on and the rows the selection covers: the row buttons work on them.
  const focusedKey = useRef<string | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
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
    const previous = at > starts[g] ? (model.rows[at - 1] as PricingRow) : undefined;
    model.insertRows(at, [newPriceRow(previous, rates)], stage({ groups: growGroup(groups, g, 1) }));
  };

  const deleteRows = async (rows = rowsToWorkOn()) => {
    if (rows === null) {
      notifyError('Click a price row first (Shift+click or Shift+arrows for several), then Delete rows.');
      return;
    }
    if (!(await confirmStagedDelete())) return;
    const indexes = Array.from({ length: rows.last - rows.first + 1 }, (_, i) => rows.first + i);
    // Stored rows are deleted by the season save: a row missing from the body goes. They are
    // listed bottom row first, each at its place in its group, so a failed save puts them back.
    const stored = [...indexes].reverse().flatMap((index) => {
      const row = model.rows[index] as PricingRow;
      const g = groupOfRow(groups, index);
      return row.id === undefined ? [] : [{ row, groupKey: groups[g].key, offset: index - starts[g] }];
    });
    model.deleteRows(indexes, stage({ groups: shrinkGroups(groups, indexes), removedPrices: [...removedPrices, ...stored] }));
    focusedKey.current = null;
    selectedRows.current = null;
  };

  /** Alt+Shift+Up/Down and Move up / Move down: the selected rows by one row, across a group's edge into the next group. */
  const moveRows = (rows: { first: number; last: number } | null, delta: -1 | 1): boolean => {
    const move = rows && moveInGroups(latest.current.groups, rows.first, rows.last, delta);
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
    const previous = groups[g].size > 0 ? (model.rows[end - 1] as PricingRow) : undefined;
    model.insertRows(end, [newPriceRow(previous, rates)], stage({ groups: growGroup(groups, g, 1) }));
  };

  /** Copies of a group inserted after it, each with the dates following on (Duplicate group). */
  const duplicate = (key: string, count: number) => {
    const g = groups.findIndex((group) => group.key === key);
    const group = groups[g];
    const source = model.rows.slice(starts[g], starts[g] + group.size) as PricingRow[];
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
  const planCopy = async (source: CopySource, mode: CopyMode): Promise<PlannedCopy> => {
    const copied = await queryClient.fetchQuery({ ...pricingQueries.prices(String(source.tourId), String(source.seasonId)), staleTime: 0, ...REPORTS_OWN_ERRORS });
    if (copied.categories.length === 0) throw new Error(`${source.tourName} season ${source.seasonName} has no prices`);
    const plan = planSeasonCopy({
      mode,
      sourceSeason: copied.tour_season.season_name,
      targetSeason: context.season_name,
      existing: [
        { count: groups.length, noun: 'group' },
        { count: model.rows.length, noun: 'price' },
      ],
      copied: [
        { count: copied.categories.length, noun: 'group' },
        { count: copied.categories.reduce((sum, category) => sum + category.prices.length, 0), noun: 'price' },
      ],
      ranges: copied.categories.flatMap(storedDateRanges),
      formatDate: formatDayMonthYear,
    });
    // Row operations with their layout, so that undo takes the copy back (Replace: two steps,
    // the removal and the copies).
    const apply = () => {
      if (mode === 'replace') {
        const { groups: now, removedGroups: listed } = latest.current;
        const nowStarts = groupStarts(now);
        const stored = now.flatMap((group, position): RemovedGroup[] =>
          group.id === undefined ? [] : [{ group, rows: model.rows.slice(nowStarts[position], nowStarts[position] + group.size) as PricingRow[], position, replaced: true }],
        );
        model.deleteRows(
          model.rows.map((_, index) => index),
          stage({ groups: [], removedGroups: [...listed, ...stored] }),
        );
        focusedKey.current = null;
        selectedRows.current = null;
        setSelectedKey(null);
      }
      const staged = copiedCategories(copied, model.rows.length, rates, plan.years);
      model.insertRows(model.rows.length, staged.rows, stage({ groups: [...latest.current.groups, ...staged.groups] }));
    };
    return { lines: plan.lines, apply };
  };

  const save = useMutation({
    mutationFn: () => {
      const errors = model.errors();
      if (errors.length) throw new ApiError(400, errors.map((error) => ({ msg: `Row ${error.row}: ${error.message}` })));
      const body = saveBody(version, groups, model.rows as PricingRow[], (i) => model.savedFields(i), removedIds);
      // The server's refusal, before sending what it would refuse (issue 19).
      const tooBig = overLimitProblem(body.categories, SEASON_PRICING_LIMITS);
      if (tooBig !== undefined) throw new ApiError(400, [{ msg: tooBig, path: 'categories' }]);
      return api.tourPricing.save({ params: { tourId, seasonId }, body });
    },
    onSuccess: (saved) => {
      const staged = stageCategories(saved.categories, { groups, rows: model.rows as PricingRow[] });
      model.reset(staged.rows, saved.tour_season.model?.rates ?? [], saved.tour_season.currency?.rate ?? null);
      setLayout({ groups: staged.groups, removedGroups: [], removedPrices: [] });
      loadedGroups.current = groupKeysOfRows(staged.groups, staged.rows);
      setVersion(saved.tour_season.version);
      setGroupsDirty(false);
      const before = categoriesOf(queryClient.getQueryData(pricingQueries.prices(tourId, seasonId).queryKey));
      queryClient.setQueryData(pricingQueries.prices(tourId, seasonId).queryKey, saved);
      for (const text of categoryToasts(categoryChanges(before, saved.categories))) notifySuccess(text);
    },
    onError: (error) => {
      // Rows are named by key against the layout that was sent, before removed groups return.
      if (error instanceof ApiError) model.setServerErrors(rowsNamedByErrors(error.items, groups, model.rows as PricingRow[]));
      restoreRemoved();
      // The app's query client shows the message.
    },
  });

  const leading = useMemo<LeadingColumn[]>(() => {
    const boatGroups = groups.some((group) => group.boat_id !== null);
    return [
      { field: 'room_type_id', headerName: 'Room', kind: 'select', options: options(props.roomTypes), width: 130, compactWidth: 84, pinned: true },
      { field: 'accommodation_category_id', headerName: 'Accommodation', kind: 'select', options: options(props.accommodation), width: 150, compactWidth: 124, pinned: true },
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
  const selected = groups.find((group) => group.key === selectedKey) ?? null;
  const regrouped = regroupedRowKeys(groups, model.rows as PricingRow[], loadedGroups.current).filter((key) => !model.isDirtyRow(key)).length;
  const rowCount = dirtyRows + removedRows + regrouped;

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
        <span className="muted">
          {groups.length} group{groups.length === 1 ? '' : 's'}, {model.rows.length} price{model.rows.length === 1 ? '' : 's'}
        </span>
        <span className="toolbar-end">
          <ThreeClickSave label={rowCount > 0 ? `Save ${rowCount} row${rowCount === 1 ? '' : 's'}` : 'Save'} saving={save.isPending} disabled={!dirty} onSave={() => save.mutate()} buttonRef={saveButton} />
        </span>
      </div>
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
      <FindReplaceBar model={model as PriceGridModel<PriceRow>} rateOptions={rateChoices} onResult={notifySuccess} />
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
          model={model as PriceGridModel<PriceRow>}
          ariaLabel="Prices"
          leadingColumns={leading}
          rateOptions={rateChoices}
          currencySymbol={context.currency?.symbol ?? ''}
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
          onFocusRow={(key) => {
            focusedKey.current = key;
            const group = rowGroup(model.indexOf(key));
            if (group && group.key !== selectedKey) setSelectedKey(group.key);
          }}
          height="100%"
          onSave={() => saveButton.current?.click()}
        />
      </div>
    </div>
  );
}
