import { useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { notifyError } from '../../ui/notify';
import { confirmStagedDelete } from '../../ui/confirm-dialog';
import { EmptyView } from '../../ui/status-views';
import { asNewRow } from '../../domain/tours/copy-season-data';
import type { CopyMode } from '../../domain/tours/plan-season-copy';
import { reductionToast, type ReductionsList } from '../../domain/tours/tour-reductions-schemas';
import { PriceGrid } from '../../grid/price-grid';
import { PriceGridModel } from '../../grid/price-grid-model';
import { rowsNamedByErrors } from '../../grid/rows-named-by-errors';
import { useModelDisposal } from '../../grid/use-model-disposal';
import { CopyFromPanel, type CopySource, type PlannedCopy } from '../tour-season/copy-from-panel';
import { planCopyFrom, readSourceSeason } from '../tour-season/plan-copy-from';
import type { NamedOption } from '../../api/pricing-queries';
import { ThreeClickSave } from '../tour-season/three-click-save';
import { AlsoHere, bringInWith, ChangeNotice, type FollowProps } from '../tour-season/season-presence';
import { useDirtyRowCount } from '../tour-season/use-dirty-row-count';
import { useRemovedRows } from '../tour-season/use-removed-rows';
import { useStagedGridSave } from '../tour-season/use-staged-grid-save';
import { useRebaseGrid } from '../tour-season/use-rebase-grid';
import { extrasQueries } from '../../api/extras-queries';
import { useCellHistory } from '../tour-season/cell-history-dialog';
import { GridPriceHistory } from '../tour-season/price-history-panel';
import { reductionColumns } from './reduction-columns';
import { notifySeasonSave } from './season-save';
import { REDUCTION_GRID_FIELDS, newReductionRow, reductionForSave, reductionRow, type ReductionRow } from './staged-reductions';

export type ReductionsWorkspaceProps = {
  tourId: string;
  seasonId: string;
  list: ReductionsList;
  roomTypes: readonly NamedOption[];
  decks: readonly NamedOption[];
  accommodation: readonly NamedOption[];
} & FollowProps;

/** Up to this many rows the grid sizes to them; more scroll inside the grid. */
const AUTO_HEIGHT_ROWS = 20;

/**
 * The season's reduction rules in the shared price grid (DESIGN.md section 1), so typing, paste,
 * fill-down, Delete and undo work as on the pricing tab; staged until Save (SPEC.md section 4).
 */
export function ReductionsWorkspace({ tourId, seasonId, list, roomTypes, decks, accommodation, follow, onRebase }: ReductionsWorkspaceProps) {
  const queryClient = useQueryClient();
  const [model] = useState(
    () =>
      new PriceGridModel<ReductionRow>({
        rows: list.reductions.map((reduction) => reductionRow(reduction)),
        // A reduction has no price: the workbook behind the grid only keeps the undo and dirty state.
        rates: [],
        currencyRate: null,
        kind: 'supplement',
        trackedFields: REDUCTION_GRID_FIELDS,
        grossRequired: false,
      }),
  );
  useModelDisposal(model);
  // Stored reductions removed since the last save: the model keeps them, undo and redo with the rows.
  const removed = useRemovedRows(model);
  const [copying, setCopying] = useState(false);
  const focusedKey = useRef<string | null>(null);
  const rowCount = useSyncExternalStore(
    (listener) => model.subscribe(listener),
    () => model.rows.length,
  );
  const count = useDirtyRowCount(model) + removed.length;
  const cellHistory = useCellHistory({
    tourId,
    seasonId,
    kind: 'reduction',
    rowLabel: (row) => `[${model.indexOf(row.key)}]`,
    rateChoices: [],
    currencySymbol: '',
  });
  const columns = useMemo(() => reductionColumns({ roomTypes, decks, accommodation }), [roomTypes, decks, accommodation]);

  const removeFocused = async () => {
    const index = focusedKey.current ? model.indexOf(focusedKey.current) : -1;
    if (index < 0) {
      notifyError('Click a reduction first, then Remove reduction');
      return;
    }
    if (!(await confirmStagedDelete())) return;
    model.removeRows(index, 1);
  };

  /** Copy From: the other season's reductions after this season's (Append) or in place of them (Replace: stored ones are deleted on Save). */
  const planCopy = (source: CopySource, mode: CopyMode): Promise<PlannedCopy> =>
    planCopyFrom({
      source,
      mode,
      load: () => readSourceSeason(queryClient, extrasQueries.reductions(source.tourId, source.seasonId)),
      seasonOf: (copied) => copied.tour_season.season_name,
      targetSeason: list.tour_season.season_name,
      existing: [{ count: model.rows.length, noun: 'reduction' }],
      copied: (copied) => [{ count: copied.reductions.length, noun: 'reduction' }],
      what: 'reductions',
      apply: (copied) => {
        if (mode === 'replace' && model.rows.length > 0) model.removeRows(0, model.rows.length);
        model.insertRows(
          model.rows.length,
          copied.reductions.map((reduction) => reductionRow(asNewRow(reduction))),
        );
      },
    });

  /** Stored rows staff changed: the season save rewrites every row, but 'Updated' is told only of these. */
  const changedIds = () =>
    new Set(model.rows.flatMap((row) => (row.id !== undefined && REDUCTION_GRID_FIELDS.some((field) => model.isDirtyCell(row.key, field)) ? [row.id] : [])));

  // The reductions as loaded or last saved: the base of a merge with someone else's save (issue 29).
  const loadedRows = useRef<readonly ReductionRow[]>(list.reductions.map((reduction) => reductionRow(reduction)));
  const rebase = useRebaseGrid({
    tourId,
    seasonId,
    model,
    loaded: loadedRows,
    read: async () => {
      const stored = await api.reductions.list({ params: { tourId, seasonId } });
      return {
        stored,
        rows: stored.reductions.map((reduction) => reductionRow(reduction)),
        version: stored.tour_season.version,
        rates: [],
        currencyRate: null,
      };
    },
    fields: REDUCTION_GRID_FIELDS,
    rateLabel: () => undefined,
    fieldLabel: (field) => (field === 'reduction_cost' ? 'Cost' : columns.find((column) => column.field === field)?.headerName),
    onRebased: (stored) => queryClient.setQueryData(extrasQueries.reductions(tourId, seasonId).queryKey, stored),
  });

  const save = useStagedGridSave({
    version: list.tour_season.version,
    rebase,
    count,
    // The changed rows are taken when Save is pressed, before the rows are sent.
    send: async (version) => {
      const changed = changedIds();
      const saved = await api.reductions.saveSeason({
        params: { tourId, seasonId },
        body: { version, reductions: model.rows.map(reductionForSave), removed_ids: model.removed.map(({ row }) => row.id as number) },
      });
      return { saved, changed };
    },
    savedVersion: ({ saved }) => saved.tour_season.version,
    onSaved: ({ saved, changed }) => {
      // The server lists reductions by order, so rows may come back moved: stored rows keep their
      // keys by id, and created rows take the keys of the new rows, so the grid keeps its focus.
      const newKeys = model.rows.filter((row) => row.id === undefined).map((row) => row.key);
      const rows = saved.reductions.map((reduction) =>
        saved.created_ids.includes(reduction.id) ? reductionRow(reduction, newKeys.shift()) : reductionRow(reduction),
      );
      model.reset(rows, [], null);
      loadedRows.current = saved.reductions.map((reduction) => reductionRow(reduction));
      queryClient.setQueryData(extrasQueries.reductions(tourId, seasonId).queryKey, { tour_season: saved.tour_season, reductions: saved.reductions });
      notifySeasonSave(saved, reductionToast, changed);
    },
    // The app's mutation cache shows the server's message; the rows it names are marked, and
    // nothing else changes (removed reductions stay removed).
    onRefused: (items) => {
      const rowOfPath = (path: string) => {
        const at = /^reductions\.(\d+)/.exec(path);
        return at ? Number(at[1]) : undefined;
      };
      model.setServerErrors(rowsNamedByErrors(items, model.rows, { rowOfPath, storedId: /[Rr]eduction (\d+)/ }));
    },
  });

  return (
    <div className="season-data-workspace">
      <div className="toolbar">
        <button type="button" className="button" onClick={() => model.insertRows(model.rows.length, [newReductionRow(model.rows)])}>
          Add Reduction
        </button>
        <button type="button" className="button danger" onClick={() => void removeFocused()} disabled={rowCount === 0}>
          Remove reduction
        </button>
        <button type="button" className="button" onClick={() => setCopying(true)} aria-expanded={copying}>
          Copy From
        </button>
        <span className="muted">
          {rowCount} reduction{rowCount === 1 ? '' : 's'}, listed by Order once saved
        </span>
        <span className="toolbar-end">
          {follow && <AlsoHere presence={follow} />}
          <GridPriceHistory tourId={tourId} seasonId={seasonId} kind="reduction" model={model} rateChoices={[]} currencySymbol="" />
          <ThreeClickSave {...save.button} />
        </span>
      </div>
      {follow && (
        <ChangeNotice
          presence={follow}
          grid={{ tourId, seasonId, kind: 'reduction', model }}
          onBringIn={bringInWith(follow, save.dirty, onRebase ?? save.bringIn)}
        />
      )}
      {cellHistory.dialog}
      {copying && (
        <CopyFromPanel
          type="reductions"
          tourId={tourId}
          seasonId={seasonId}
          existing={{ count: rowCount, noun: 'reduction' }}
          onPlan={planCopy}
          onClose={() => setCopying(false)}
        />
      )}
      {rowCount === 0 ? (
        <EmptyView message="This season has no reductions. Add a reduction (a free child place to start with) or copy them from another tour." />
      ) : (
        <PriceGrid
          model={model}
          ariaLabel="Reductions"
          leadingColumns={columns}
          priceColumns={false}
          rateOptions={[]}
          currencySymbol=""
          onMessage={(message) => notifyError(message)}
          onFocusRow={(key) => {
            focusedKey.current = key;
          }}
          autoHeight={rowCount <= AUTO_HEIGHT_ROWS}
          height="calc(100vh - 300px)"
          onSave={save.pressSave}
          onCellHistory={cellHistory.onCellHistory}
        />
      )}
    </div>
  );
}
