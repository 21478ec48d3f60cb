import { useCallback, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORTS_OWN_ERRORS } from '../../app/query-client';
import { api } from '../../app/api/api-client';
import { ApiError } from '../../app/api/api-error';
import { notifyError, notifySuccess } from '../../app/notify';
import { confirmStagedDelete } from '../../app/ui/confirm-dialog';
import { useUnsavedChangesPrompt } from '../../app/ui/unsaved-changes';
import type { SeasonPricing } from '../../domain/pricing/tour-pricing';
import { planSeasonCopy, type CopyMode } from '../../domain/tours/plan-season-copy';
import { FindReplaceBar } from '../../grid/find-replace-bar';
import { PriceGrid } from '../../grid/price-grid';
import type { GroupHeader as GroupHeaderRow, LeadingColumn } from '../../grid/price-grid-context';
import { PriceGridModel } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';
import { useModelDisposal } from '../../grid/use-model-disposal';
import { copiedCategories } from './copied-categories';
import { CopyFromPanel, type CopySource, type PlannedCopy } from './copy-from-panel';
import { formatDayMonthYear } from './date-text';
import { GroupHeader } from './group-header';
import { GroupPanel } from './group-panel';
import {
  copyRows,
  emptyGroup,
  followingDates,
  groupStarts,
  newGroupKey,
  newGroupStart,
  newPriceRow,
  rowsNamedByErrors,
  saveBody,
  seasonYear,
  stageCategories,
  type GroupFields,
  type PriceGroup,
  type PricingRow,
} from './price-groups';
import { pricingQueries, type NamedOption } from './pricing-queries';
import { rateOptions } from './rate-options';
import { ThreeClickSave } from './three-click-save';
import { useDirtyRowCount } from './use-dirty-row-count';

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
      }),
  );
  useModelDisposal(model);
  const [groups, setGroups] = useState<PriceGroup[]>(initial.groups);
  const [version, setVersion] = useState(context.version);
  // Groups removed since the last save, with their rows, so a failed save can put them back.
  const [removedGroups, setRemovedGroups] = useState<RemovedGroup[]>([]);
  const removedIds = useMemo(() => removedGroups.flatMap((removed) => (removed.group.id === undefined ? [] : [removed.group.id])), [removedGroups]);
  const [removedPrices, setRemovedPrices] = useState<RemovedPrice[]>([]);
  const [removedRows, setRemovedRows] = useState(0);
  const [groupsDirty, setGroupsDirty] = useState(false);
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

  const changeGroups = (next: PriceGroup[]) => {
    setGroups(next);
    setGroupsDirty(true);
  };

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
    const rows = model.removeRows(starts[g], group.size) as PricingRow[];
    if (group.id !== undefined) {
      setRemovedGroups((removed) => [...removed, { group, rows, position: g }]);
      setRemovedRows((count) => count + group.size);
    }
    changeGroups(groups.filter((other) => other.key !== key));
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
    const restored = removedGroups.filter((removed) => !removed.replaced);
    if (restored.length === 0 && removedPrices.length === 0) return;
    let next = groups;
    for (const { group, rows, position } of [...restored].reverse()) {
      const at = Math.min(position, next.length);
      model.insertRows(groupStarts(next)[at] ?? model.rows.length, rows);
      next = [...next.slice(0, at), group, ...next.slice(at)];
    }
    for (const { row, groupKey, offset } of [...removedPrices].reverse()) {
      const g = next.findIndex((group) => group.key === groupKey);
      if (g < 0) continue;
      model.insertRows(groupStarts(next)[g] + Math.min(offset, next[g].size), [row]);
      next = next.map((group, position) => (position === g ? { ...group, size: group.size + 1 } : group));
    }
    setGroups(next);
    setRemovedGroups(removedGroups.filter((removed) => removed.replaced));
    setRemovedPrices([]);
    setRemovedRows((count) => count - restored.reduce((sum, removed) => sum + removed.rows.length, 0) - removedPrices.length);
  };

  // The row the keyboard is on: "Remove price" removes it, as "Remove bike" does on the bikes tab.
  const focusedKey = useRef<string | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const removeFocusedPrice = async () => {
    const index = focusedKey.current ? model.indexOf(focusedKey.current) : -1;
    if (index < 0) {
      notifyError('Click a price row first, then Remove price.');
      return;
    }
    if (!(await confirmStagedDelete())) return;
    const g = starts.findLastIndex((start) => start <= index);
    const [removed] = model.removeRows(index, 1);
    // Stored rows are deleted by the season save: a row missing from the body goes.
    if (removed?.id !== undefined) {
      setRemovedRows((count) => count + 1);
      setRemovedPrices((list) => [...list, { row: removed as PricingRow, groupKey: groups[g].key, offset: index - starts[g] }]);
    }
    changeGroups(groups.map((group, position) => (position === g ? { ...group, size: group.size - 1 } : group)));
    focusedKey.current = null;
  };

  const addPrice = (key: string) => {
    const g = groups.findIndex((group) => group.key === key);
    const end = starts[g] + groups[g].size;
    const previous = groups[g].size > 0 ? (model.rows[end - 1] as PricingRow) : undefined;
    model.insertRows(end, [newPriceRow(previous)]);
    changeGroups(groups.map((group) => (group.key === key ? { ...group, size: group.size + 1 } : group)));
  };

  /** Copies of a group inserted after it, each with the dates following on (Add new dates, Duplicate). */
  const duplicate = (key: string, count: number) => {
    const g = groups.findIndex((group) => group.key === key);
    const group = groups[g];
    const source = model.rows.slice(starts[g], starts[g] + group.size) as PricingRow[];
    let at = starts[g] + group.size;
    const copies: PriceGroup[] = [];
    for (let n = 1; n <= count; n += 1) {
      model.insertRows(at, copyRows(source, starts[g], at));
      copies.push({ ...group, ...followingDates(group, n), id: undefined, key: newGroupKey() });
      at += group.size;
    }
    changeGroups([...groups.slice(0, g + 1), ...copies, ...groups.slice(g + 1)]);
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
      ranges: copied.categories,
      formatDate: formatDayMonthYear,
    });
    const apply = () => {
      const kept = mode === 'append' ? groups : [];
      if (mode === 'replace') {
        const stored = groups.flatMap((group, position) => {
          const rows = model.removeRows(0, group.size) as PricingRow[];
          return group.id === undefined ? [] : [{ group, rows, position, replaced: true }];
        });
        setRemovedGroups((removed) => [...removed, ...stored]);
        setRemovedRows((count) => count + stored.reduce((sum, removed) => sum + removed.rows.length, 0));
        setSelectedKey(null);
      }
      const staged = copiedCategories(copied, model.rows.length, rates, plan.years);
      model.insertRows(model.rows.length, staged.rows);
      changeGroups([...kept, ...staged.groups]);
    };
    return { lines: plan.lines, apply };
  };

  const save = useMutation({
    mutationFn: () => {
      const errors = model.errors();
      if (errors.length) throw new ApiError(400, errors.map((error) => ({ msg: `Row ${error.row}: ${error.message}` })));
      return api.put<SeasonPricing>(`tour-pricing/${tourId}/${seasonId}`, saveBody(version, groups, model.rows as PricingRow[], (i) => model.savedFields(i), removedIds));
    },
    onSuccess: (saved) => {
      const staged = stageCategories(saved.categories, { groups, rows: model.rows as PricingRow[] });
      model.reset(staged.rows, saved.tour_season.model?.rates ?? [], saved.tour_season.currency?.rate ?? null);
      setGroups(staged.groups);
      setVersion(saved.tour_season.version);
      setRemovedGroups([]);
      setRemovedPrices([]);
      setRemovedRows(0);
      setGroupsDirty(false);
      queryClient.setQueryData(pricingQueries.prices(tourId, seasonId).queryKey, saved);
      notifySuccess('Saved');
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
  const rowCount = dirtyRows + removedRows;

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
        <button type="button" className="button danger" onClick={() => void removeFocusedPrice()}>
          Remove price
        </button>
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
          onAddDates={() => duplicate(selected.key, 1)}
          onRemoveDates={() => updateGroup(selected.key, { start: null, end: null })}
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
