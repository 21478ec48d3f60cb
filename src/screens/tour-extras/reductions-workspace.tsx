import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORTS_OWN_ERRORS } from '../../ui/query-client';
import { api } from '../../api/api';
import { ApiError } from '../../api/api-error';
import { notifyError } from '../../ui/notify';
import { confirmStagedDelete } from '../../ui/confirm-dialog';
import { EmptyView } from '../../ui/status-views';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes';
import { asNewRow } from '../../domain/tours/copy-season-data';
import { planSeasonCopy, type CopyMode } from '../../domain/tours/plan-season-copy';
import { reductionToast, type ReductionsList } from '../../domain/tours/tour-reductions-schemas';
import { PriceGrid } from '../../grid/price-grid';
import { PriceGridModel, type LayoutChange } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';
import { rowsNamedByErrors } from '../../grid/rows-named-by-errors';
import { useModelDisposal } from '../../grid/use-model-disposal';
import { CopyFromPanel, type CopySource, type PlannedCopy } from '../tour-season/copy-from-panel';
import type { NamedOption } from '../tour-season/pricing-queries';
import { ThreeClickSave } from '../tour-season/three-click-save';
import { useDirtyRowCount } from '../tour-season/use-dirty-row-count';
import { extrasQueries } from '../tour-season/extras-queries';
import { reductionColumns } from './reduction-columns';
import { notifySeasonSave, saveLabel } from './season-save';
import { REDUCTION_GRID_FIELDS, newReductionRow, reductionForSave, reductionRow, type ReductionRow } from './staged-reductions';
import { restoreRemovedRows, type RemovedRow } from '../../grid/restore-removed-rows';

export type ReductionsWorkspaceProps = {
  tourId: string;
  seasonId: string;
  list: ReductionsList;
  roomTypes: readonly NamedOption[];
  decks: readonly NamedOption[];
  accommodation: readonly NamedOption[];
};

/** Up to this many rows the grid sizes to them; more scroll inside the grid. */
const AUTO_HEIGHT_ROWS = 20;

/**
 * A stored reduction removed since the last save and where it stood, so a failed save can put it
 * back; `replaced`: removed by a Copy From Replace, whose copies took its place.
 */
type RemovedReduction = RemovedRow<ReductionRow>;

/**
 * The season's reduction rules in the shared price grid (DESIGN.md section 1), so typing, paste,
 * fill-down, Delete and undo work as on the pricing tab; staged until Save (SPEC.md section 4).
 */
export function ReductionsWorkspace({ tourId, seasonId, list, roomTypes, decks, accommodation }: ReductionsWorkspaceProps) {
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
      }),
  );
  useModelDisposal(model);
  const gridModel = model as PriceGridModel<PriceRow>;
  const [version, setVersion] = useState(list.tour_season.version);
  // Stored reductions removed since the last save; removals are row operations of the model, so
  // undo and redo put the list back with the rows.
  const [removed, setRemoved] = useState<RemovedReduction[]>([]);
  useEffect(
    () =>
      model.subscribe((event) => {
        if (event.kind === 'structure' && event.restored?.layout !== undefined) setRemoved(event.restored.layout as RemovedReduction[]);
      }),
    [model],
  );
  const stageRemoved = (next: RemovedReduction[]): LayoutChange => {
    setRemoved(next);
    return { before: removed, after: next };
  };
  const [copying, setCopying] = useState(false);
  const focusedKey = useRef<string | null>(null);
  const rowCount = useSyncExternalStore(
    (listener) => model.subscribe(listener),
    () => model.rows.length,
  );
  const count = useDirtyRowCount(gridModel) + removed.length;
  useUnsavedChangesPrompt(count > 0);
  const columns = useMemo(() => reductionColumns({ roomTypes, decks, accommodation }), [roomTypes, decks, accommodation]);

  const removeFocused = async () => {
    const index = focusedKey.current ? model.indexOf(focusedKey.current) : -1;
    if (index < 0) {
      notifyError('Click a reduction first, then Remove reduction');
      return;
    }
    if (!(await confirmStagedDelete())) return;
    const row = model.rows[index];
    model.removeRows(index, 1, stageRemoved(row.id === undefined ? removed : [...removed, { row, index }]));
  };

  // A failed save deleted nothing: the staged removals go back (restore-removed-rows.ts).
  const restoreRemoved = () => setRemoved(restoreRemovedRows(model, removed));

  /** Copy From: the other season's reductions after this season's (Append) or in place of them (Replace: stored ones are deleted on Save). */
  const planCopy = async (source: CopySource, mode: CopyMode): Promise<PlannedCopy> => {
    const copied = await queryClient.fetchQuery({ ...extrasQueries.reductions(source.tourId, source.seasonId), staleTime: 0, ...REPORTS_OWN_ERRORS });
    if (copied.reductions.length === 0) throw new Error(`${source.tourName} season ${source.seasonName} has no reductions`);
    const plan = planSeasonCopy({
      mode,
      sourceSeason: copied.tour_season.season_name,
      targetSeason: list.tour_season.season_name,
      existing: [{ count: model.rows.length, noun: 'reduction' }],
      copied: [{ count: copied.reductions.length, noun: 'reduction' }],
      ranges: [],
    });
    const apply = () => {
      if (mode === 'replace' && model.rows.length > 0) {
        const stored = model.rows.flatMap((row, index): RemovedReduction[] => (row.id === undefined ? [] : [{ row, index, replaced: true }]));
        model.removeRows(0, model.rows.length, stageRemoved([...removed, ...stored]));
      }
      model.insertRows(
        model.rows.length,
        copied.reductions.map((reduction) => reductionRow(asNewRow(reduction))),
      );
    };
    return { lines: plan.lines, apply };
  };

  /** Stored rows staff changed: the season save rewrites every row, but 'Updated' is told only of these. */
  const changedIds = () => new Set(model.rows.flatMap((row) => (row.id !== undefined && REDUCTION_GRID_FIELDS.some((field) => model.isDirtyCell(row.key, field)) ? [row.id] : [])));

  const save = useMutation({
    mutationFn: (_changed: ReadonlySet<number>) =>
      api.reductions.saveSeason({
        params: { tourId, seasonId },
        body: { version, reductions: model.rows.map(reductionForSave), removed_ids: removed.map(({ row }) => row.id as number) },
      }),
    onSuccess: (saved, changed) => {
      // The server lists reductions by order, so rows may come back moved: stored rows keep their
      // keys by id, and created rows take the keys of the new rows, so the grid keeps its focus.
      const newKeys = model.rows.filter((row) => row.id === undefined).map((row) => row.key);
      const rows = saved.reductions.map((reduction) => (saved.created_ids.includes(reduction.id) ? reductionRow(reduction, newKeys.shift()) : reductionRow(reduction)));
      model.reset(rows, [], null);
      setVersion(saved.tour_season.version);
      setRemoved([]);
      queryClient.setQueryData(extrasQueries.reductions(tourId, seasonId).queryKey, { tour_season: saved.tour_season, reductions: saved.reductions });
      notifySeasonSave(saved, reductionToast, changed);
    },
    onError: (error) => {
      // The app's mutation cache shows the server's message; the rows it names are marked.
      if (error instanceof ApiError) {
        const rowOfPath = (path: string) => {
          const at = /^reductions\.(\d+)/.exec(path);
          return at ? Number(at[1]) : undefined;
        };
        model.setServerErrors(rowsNamedByErrors(error.items, model.rows, { rowOfPath, storedId: /[Rr]eduction (\d+)/ }));
      }
      restoreRemoved();
    },
  });

  const saveButton = useRef<HTMLButtonElement>(null);

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
          <ThreeClickSave label={saveLabel(count)} saving={save.isPending} disabled={count === 0} onSave={() => save.mutate(changedIds())} buttonRef={saveButton} />
        </span>
      </div>
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
          model={gridModel}
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
          onSave={() => saveButton.current?.click()}
        />
      )}
    </div>
  );
}
