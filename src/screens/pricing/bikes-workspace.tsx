import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { notifyError, notifySuccess } from '../../ui/notify';
import { confirmStagedDelete } from '../../ui/confirm-dialog';
import { DEFAULT_BIKES_COUNT, DEFAULT_BIKES_DELAY_MS, type TourBike, type TourBikesSave } from '../../domain/pricing/tour-bikes';
import type { TourSeasonPricingContext } from '../../domain/pricing/tour-pricing';
import type { CopyMode } from '../../domain/tours/plan-season-copy';
import { FindReplaceBar, FindReplaceButton } from '../../grid/find-replace-bar';
import { useFindReplaceFold } from '../../grid/use-find-replace-fold';
import { PriceGrid } from '../../grid/price-grid';
import type { LeadingColumn } from '../../grid/price-grid-context';
import { moveTarget } from '../../grid/commands/move-rows';
import { PriceGridModel } from '../../grid/price-grid-model';
import { newRowKey } from '../../grid/price-row';
import { rowsNamedByErrors } from '../../grid/rows-named-by-errors';
import { useModelDisposal } from '../../grid/use-model-disposal';
import { pricingQueries, type NamedOption } from '../../api/pricing-queries';
import { BikeGalleryModal } from './bike-gallery-modal';
import { copiedBikes } from './copied-bikes';
import { CopyFromPanel, type CopySource, type PlannedCopy } from '../tour-season/copy-from-panel';
import { planCopyFrom, readSourceSeason } from '../tour-season/plan-copy-from';
import { rateOptions } from '../tour-season/rate-options';
import { RowButtons } from './row-buttons';
import { GridPriceHistory } from '../tour-season/price-history-panel';
import { useCellHistory } from '../tour-season/cell-history-dialog';
import { ThreeClickSave } from '../tour-season/three-click-save';
import { AlsoHere, bringInWith, ChangeNotice, type FollowProps } from '../tour-season/season-presence';
import { confirmBelowGuardrail } from '../tour-season/confirm-below-guardrail';
import { guardrailOf } from '../../domain/models/margin-guardrail';
import { useDirtyRowCount } from '../tour-season/use-dirty-row-count';
import { useRemovedRows } from '../tour-season/use-removed-rows';
import { useRebaseGrid } from '../tour-season/use-rebase-grid';
import { gridProblems, useStagedGridSave } from '../tour-season/use-staged-grid-save';
import { newRowRateId } from '../../domain/pricing/new-row-rate';
import { bikeRowOf, type BikeRow } from './bike-row';
import type { ImportChoice, ImportPreview } from '../../formulas/price-sheet-import';
import { BIKES_LAYOUT } from '../../formulas/price-sheet-layout';
import { idsToRemove, importedCounts, importedSheetChanges, stageImportedRows } from '../../grid/commands/stage-imported-sheet';
import { idOfName } from '../tour-season/price-sheet-rows';
import { TabSheetButtons } from '../tour-season/tab-sheet-buttons';
import { usePendingSheetImport } from '../tour-season/pending-sheet-import';
import { bikesSheetSeason } from '../tour-season/tab-sheet-exports';

type BikeOption = NamedOption & { default_order?: number };

/** The Order column: what it shows and says (defect 4 of issue 17: a typed order was renumbered on save). */
export const BIKE_ORDER_TOOLTIP = "Order follows the row's position: move rows with Move up / Move down or Alt+Shift+↑/↓";

const toRow = bikeRowOf;

export type BikesWorkspaceProps = {
  tourId: string;
  seasonId: string;
  context: TourSeasonPricingContext;
  bikes: readonly TourBike[];
  bikeOptions: readonly BikeOption[];
} & FollowProps;

/** A season's bikes, priced with the supplement markup (SPEC.md section 2, Bikes). */
export function BikesWorkspace({ tourId, seasonId, context, bikes, bikeOptions, follow, onRebase }: BikesWorkspaceProps) {
  const queryClient = useQueryClient();
  const [model] = useState(
    () =>
      new PriceGridModel<BikeRow>({
        rows: bikes.map((bike) => toRow(bike)),
        rates: context.model?.rates ?? [],
        currencyRate: context.currency?.rate ?? null,
        kind: 'supplement',
        trackedFields: ['bike_id', 'order', 'nights', 'gallery_id'],
      }),
  );
  useModelDisposal(model);
  // Stored bikes removed since the last save: the model keeps them, undo and redo with the rows.
  const removed = useRemovedRows(model);
  const [chosenBike, setChosenBike] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const focusedKey = useRef<string | null>(null);
  const dirtyRows = useDirtyRowCount(model);

  const newBike = (bikeId: number | null): BikeRow => ({
    key: newRowKey(),
    bike_id: bikeId,
    order: null,
    nights: null,
    gallery_id: null,
    boat_id: null,
    formula: null,
    gross: 0,
    non_com: 0,
    adjustment: 0,
    markup_rate_id: newRowRateId(model.rows.at(-1)?.markup_rate_id, context.model?.rates ?? []),
  });
  const addBike = (bikeId: number) => model.insertRows(model.rows.length, [newBike(bikeId)]);

  const addChosen = () => {
    if (chosenBike === '') {
      setAddError('Choose a bike first');
      return;
    }
    setAddError(null);
    addBike(Number(chosenBike));
  };

  // SPEC.md section 9: two default bikes, added 500 ms apart.
  const addDefaults = () => {
    const defaults = [...bikeOptions].sort((a, b) => (a.default_order ?? 99) - (b.default_order ?? 99)).slice(0, DEFAULT_BIKES_COUNT);
    if (defaults.length < DEFAULT_BIKES_COUNT) {
      setAddError(`Add Default Bikes needs ${DEFAULT_BIKES_COUNT} bikes in the bike list`);
      return;
    }
    setAddError(null);
    defaults.forEach((bike, i) => setTimeout(() => addBike(bike.id), i * DEFAULT_BIKES_DELAY_MS));
  };

  const [galleryRowKey, setGalleryRowKey] = useState<string | null>(null);
  const galleryRow = galleryRowKey ? model.rows[model.indexOf(galleryRowKey)] : undefined;
  const openGallery = () => {
    if (!focusedKey.current || model.indexOf(focusedKey.current) < 0) {
      setAddError('Click a bike row first, then Gallery');
      return;
    }
    setAddError(null);
    setGalleryRowKey(focusedKey.current);
  };
  const setGallery = (rowKey: string, galleryId: number | null) => {
    const row = model.rows[model.indexOf(rowKey)];
    if (row && row.gallery_id !== galleryId) model.edit([{ rowKey, colId: 'gallery_id', oldValue: row.gallery_id, newValue: galleryId }]);
  };

  const selectedRows = useRef<{ first: number; last: number } | null>(null);
  const rowsToWorkOn = (): { first: number; last: number } | null => {
    const focused = focusedKey.current ? model.indexOf(focusedKey.current) : -1;
    const selected = selectedRows.current;
    if (selected && selected.last < model.rows.length) return selected;
    return focused < 0 ? null : { first: focused, last: focused };
  };
  const insertRow = (where: 'above' | 'below', rows = rowsToWorkOn()) => {
    if (rows === null) {
      setAddError('Click a bike row first, then Insert row');
      return;
    }
    setAddError(null);
    model.insertRows(where === 'above' ? rows.first : rows.last + 1, [newBike(null)]);
  };

  const deleteRows = async (rows = rowsToWorkOn()) => {
    if (rows === null || !(await confirmStagedDelete())) return;
    // The model lists the stored ones for the save to delete; a refused save leaves them deleted.
    model.deleteRows(Array.from({ length: rows.last - rows.first + 1 }, (_, i) => rows.first + i));
    focusedKey.current = null;
    selectedRows.current = null;
  };

  /** Alt+Shift+Up/Down and Move up / Move down: the order of the bikes is the order of the rows. */
  const moveRows = (rows: { first: number; last: number } | null, delta: -1 | 1): boolean => {
    if (rows === null) return false;
    const count = rows.last - rows.first + 1;
    const to = moveTarget(model.rows.length, rows.first, count, delta);
    if (to === rows.first) return false;
    model.moveRows(rows.first, count, to);
    // A held Alt+Shift+arrow repeats before the grid redraws and reports the selection.
    selectedRows.current = { first: to, last: to + count - 1 };
    return true;
  };

  /**
   * An accepted import (issue 21): the changed cells, and the rows the sheet adds at the end (their
   * bike found by name), and the rows it no longer has if the clerk chose to remove them, as one
   * undoable edit, unsaved. `[n]` count the bikes as loaded.
   */
  const acceptImport = (preview: ImportPreview, choice: ImportChoice) => {
    const previewIds = bikes.map((bike) => bike.id);
    const remove = idsToRemove(preview, choice);
    if (preview.added.length === 0 && remove.length === 0) {
      model.edit(importedSheetChanges(preview, model.rows, previewIds));
      notifySuccess(`Imported ${preview.changes.length} changed cell(s): check them, then Save`);
      return;
    }
    const staged = stageImportedRows(
      preview,
      model.rows,
      previewIds,
      (added) => ({
        at: model.rows.length,
        row: {
          ...newBike(idOfName(bikeOptions, added.labels.Bike ?? '')),
          non_com: added.non_com,
          adjustment: added.adjustment,
          ...(added.markup_rate_id === null ? {} : { markup_rate_id: added.markup_rate_id }),
        },
      }),
      remove,
    );
    model.replaceRows(staged.rows, undefined, { removes: true });
    notifySuccess(`Imported ${importedCounts(preview, staged)}: check them, then Save`);
  };
  // The same Accept for a sheet accepted on the data export screen.
  usePendingSheetImport({ tourId, seasonId, layout: BIKES_LAYOUT, version: context.version }, acceptImport);

  const [copying, setCopying] = useState(false);
  /** Copy From: the other season's bikes after this season's (Append) or in place of them (Replace: stored bikes go on Save, as Remove bike takes them). */
  const planCopy = (source: CopySource, mode: CopyMode): Promise<PlannedCopy> =>
    planCopyFrom({
      source,
      mode,
      load: () => readSourceSeason(queryClient, pricingQueries.bikes(String(source.tourId), String(source.seasonId))),
      seasonOf: (copied) => copied.tour_season.season_name,
      targetSeason: context.season_name,
      existing: [{ count: model.rows.length, noun: 'bike' }],
      copied: (copied) => [{ count: copied.bikes.length, noun: 'bike' }],
      what: 'bikes',
      apply: (copied) => {
        // Row operations of the model, so that undo takes the copy back (Replace: two steps, the removal and the copies).
        if (mode === 'replace' && model.rows.length > 0) {
          model.deleteRows(model.rows.map((_, index) => index));
          focusedKey.current = null;
          selectedRows.current = null;
        }
        // The Order of a bike is its position: the copies simply follow this season's rows.
        model.insertRows(model.rows.length, copiedBikes(copied, model.rows.length, context.model?.rates ?? [], mode === 'append' ? model.rows.length : null));
      },
    });

  const guardrail = useMemo(() => guardrailOf(context.model), [context.model]);
  // The bikes as loaded or last saved: the base of a merge with someone else's save (issue 29).
  const loadedRows = useRef<readonly BikeRow[]>(bikes.map((bike) => toRow(bike)));
  const rebase = useRebaseGrid({
    tourId,
    seasonId,
    model,
    loaded: loadedRows,
    read: async () => {
      const stored = await api.tourBikes.read({ params: { tourId, seasonId } });
      const season = stored.tour_season;
      return {
        stored,
        rows: stored.bikes.map((bike) => toRow(bike)),
        version: season.version,
        rates: season.model?.rates ?? [],
        currencyRate: season.currency?.rate ?? null,
      };
    },
    // The order is the row's place, saved as such: not a cell to merge.
    fields: ['bike_id', 'nights', 'gallery_id', 'boat_id'],
    rateLabel: (id) => rateOptions(model.rates).find((option) => option.value === id)?.label,
    onRebased: (stored) => queryClient.setQueryData(pricingQueries.bikes(tourId, seasonId).queryKey, stored),
  });
  const save = useStagedGridSave({
    version: context.version,
    count: dirtyRows + removed.length,
    problems: () => gridProblems(model),
    send: async (version) => {
      const rows = model.rows.map((row, i) => {
        const fields = model.savedFields(i);
        return {
          ...(row.id === undefined ? {} : { id: row.id }),
          bike_id: row.bike_id,
          order: i,
          nights: row.nights,
          gallery_id: row.gallery_id,
          boat_id: row.boat_id,
          ...fields,
        };
      });
      const removedIds = model.removed.map(({ row }) => row.id as number);
      // A row whose bike is not chosen yet goes as it is: the server's 400 names it (bikes.N.bike_id).
      const confirmed = await confirmBelowGuardrail([{ model }], guardrail);
      return api.tourBikes.save({
        params: { tourId, seasonId },
        body: { version, bikes: rows as TourBikesSave['bikes'], removed_ids: removedIds, ...confirmed },
      });
    },
    savedVersion: (saved) => saved.tour_season.version,
    rebase,
    onSaved: (saved) => {
      loadedRows.current = saved.bikes.map((bike) => toRow(bike));
      const lineUp = saved.bikes.length === model.rows.length;
      model.reset(
        saved.bikes.map((bike, i) => toRow(bike, lineUp ? model.rows[i].key : undefined)),
        saved.tour_season.model?.rates ?? [],
        saved.tour_season.currency?.rate ?? null,
      );
      queryClient.setQueryData(pricingQueries.bikes(tourId, seasonId).queryKey, saved);
      notifySuccess('Saved');
    },
    // Here the rows the refusal names are marked, and nothing else changes (removed bikes stay
    // removed); the app's query client shows its message.
    onRefused: (items) => {
      const rowOfPath = (path: string) => {
        const at = /^bikes\.(\d+)/.exec(path);
        return at ? Number(at[1]) : undefined;
      };
      model.setServerErrors(rowsNamedByErrors(items, model.rows, { rowOfPath, storedId: /Bike row (\d+)/ }));
    },
  });

  const leading = useMemo<LeadingColumn[]>(
    () => [
      // Read-only: the order is the row's place (from 1), changed by moving rows, and saved as such.
      {
        field: 'order',
        headerName: 'Order',
        kind: 'text',
        width: 76,
        compactWidth: 52,
        pinned: true,
        format: (row) => String(model.indexOf(row.key) + 1),
        headerTooltip: BIKE_ORDER_TOOLTIP,
      },
      {
        field: 'bike_id',
        headerName: 'Bike',
        kind: 'select',
        options: bikeOptions.map((bike) => ({ value: bike.id, label: bike.name })),
        width: 160,
        compactWidth: 92,
        pinned: true,
      },
      { field: 'nights', headerName: 'Nights', kind: 'number', width: 80, compactWidth: 62 },
      // Chosen with the gallery picker (the Gallery button of the toolbar), not typed.
      {
        field: 'gallery_id',
        headerName: 'Gallery',
        kind: 'text',
        width: 96,
        compactWidth: 76,
        editable: () => false,
        format: (row) => (row.gallery_id ? `Gallery ${String(row.gallery_id)}` : '—'),
      },
    ],
    [bikeOptions, model],
  );
  const rates = useMemo(() => rateOptions(context.model?.rates ?? []), [context.model]);
  const findFold = useFindReplaceFold();
  const currencySymbol = context.currency?.symbol ?? '';
  const cellHistory = useCellHistory({ tourId, seasonId, kind: 'bike', rowLabel: (row) => `[${model.indexOf(row.key)}]`, rateChoices: rates, currencySymbol });

  return (
    <div className="pricing-workspace fills-window">
      <div className="toolbar">
        <label className="bar-field">
          Bike
          <select value={chosenBike} onChange={(event) => setChosenBike(event.target.value)}>
            <option value="">Choose a bike…</option>
            {bikeOptions.map((bike) => (
              <option key={bike.id} value={bike.id}>
                {bike.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={addChosen}>
          Add Bike
        </button>
        <button type="button" className="button" onClick={addDefaults}>
          Add Default Bikes
        </button>
        <button type="button" className="button" onClick={openGallery}>
          Gallery
        </button>
        <RowButtons onInsert={(where) => insertRow(where)} onDelete={() => void deleteRows()} onMove={(delta) => void moveRows(rowsToWorkOn(), delta)} />
        <button type="button" className="button" onClick={() => setCopying(true)} aria-expanded={copying}>
          Copy From
        </button>
        <TabSheetButtons
          tourId={tourId}
          layout={BIKES_LAYOUT}
          what="bikes"
          season={() => bikesSheetSeason({ tour_season: context, bikes }, bikeOptions)}
          onAccept={acceptImport}
        />
        <GridPriceHistory tourId={tourId} seasonId={seasonId} kind="bike" model={model} rateChoices={rates} currencySymbol={currencySymbol} />
        <FindReplaceButton fold={findFold} />
        {addError && (
          <span className="field-error" role="alert">
            {addError}
          </span>
        )}
        <span className="toolbar-end">
          {follow && <AlsoHere presence={follow} />}
          <ThreeClickSave {...save.button} />
        </span>
      </div>
      {follow && (
        <ChangeNotice
          presence={follow}
          grid={{ tourId, seasonId, kind: 'bike', model }}
          onBringIn={bringInWith(follow, save.dirty, onRebase ?? save.bringIn)}
        />
      )}
      {cellHistory.dialog}
      {copying && (
        <CopyFromPanel
          type="bikes"
          tourId={tourId}
          seasonId={seasonId}
          existing={{ count: model.rows.length, noun: 'bike' }}
          onPlan={planCopy}
          onClose={() => setCopying(false)}
        />
      )}
      {!context.model && (
        <p className="error">
          This season has no pricing model. <Link to={`/tours/${tourId}/seasons?season=${seasonId}`}>Choose one on the Seasons tab</Link>.
        </p>
      )}
      <FindReplaceBar fold={findFold} model={model} rateOptions={rates} onResult={notifySuccess} />
      <div className="grid-fill">
        <PriceGrid
          model={model}
          ariaLabel="Bikes"
          onFind={findFold.open}
          leadingColumns={leading}
          rateOptions={rates}
          currencySymbol={currencySymbol}
          guardrail={guardrail}
          onCellHistory={cellHistory.onCellHistory}
          onMessage={(message) => notifyError(message)}
          onSelectRows={(rows) => {
            selectedRows.current = rows;
          }}
          onMoveRows={moveRows}
          onInsertRow={(rows, where) => insertRow(where, rows)}
          onDeleteRows={(rows) => void deleteRows(rows)}
          onDragRow={(from, to) => {
            model.moveRows(from, 1, to);
            return true;
          }}
          onFocusRow={(key) => {
            focusedKey.current = key;
          }}
          height="100%"
          onSave={save.pressSave}
        />
      </div>
      {galleryRowKey && galleryRow && (
        <BikeGalleryModal
          rowName={`row ${model.indexOf(galleryRowKey)}: ${bikeOptions.find((bike) => bike.id === galleryRow.bike_id)?.name ?? 'bike'}`}
          value={galleryRow.gallery_id}
          onChange={(id) => setGallery(galleryRowKey, id)}
          onClose={() => setGalleryRowKey(null)}
        />
      )}
    </div>
  );
}
