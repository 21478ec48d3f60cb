import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { confirmStagedDelete } from '../../ui/confirm-dialog';
import { EmptyView } from '../../ui/status-views';
import { RichTextEditor } from '../../ui/rich-text-editor';
import { asNewRow } from '../../domain/tours/copy-season-data';
import type { CopyMode } from '../../domain/tours/plan-season-copy';
import { specificationToast, type Specification, type SpecificationsList } from '../../domain/tours/tour-specifications-schemas';
import { CopyFromPanel, type CopySource, type PlannedCopy } from '../tour-season/copy-from-panel';
import { planCopyFrom, readSourceSeason } from '../tour-season/plan-copy-from';
import { ThreeClickSave } from '../tour-season/three-click-save';
import { AlsoHere, bringInWith, ChangeNotice, type FollowProps } from '../tour-season/season-presence';
import { extrasQueries } from '../../api/extras-queries';
import { notifySeasonSave } from './season-save';
import { useStagedGridSave } from '../tour-season/use-staged-grid-save';
import { chooseCells, lastSave, mergedSeasonMessage } from '../tour-season/merge-notice';
import { notifySuccess } from '../../ui/notify';
import { mergeSpecifications, specificationConflictRow, type StagedSpecification } from './merge-specifications';

let lastKey = 0;

const stage = (specification: Pick<Specification, 'price_includes' | 'price_excludes'> & { id?: number }): StagedSpecification => ({
  key: specification.id === undefined ? `specification-new-${(lastKey += 1)}` : `specification-${specification.id}`,
  ...(specification.id === undefined ? {} : { id: specification.id }),
  price_includes: specification.price_includes,
  price_excludes: specification.price_excludes,
});

const changed = (row: StagedSpecification, loaded: StagedSpecification | undefined) =>
  loaded === undefined || row.price_includes !== loaded.price_includes || row.price_excludes !== loaded.price_excludes;

export type SpecificationsWorkspaceProps = { tourId: string; seasonId: string; list: SpecificationsList } & FollowProps;

/** What the season's price includes and excludes, as rich text, staged until Save. */
export function SpecificationsWorkspace({ tourId, seasonId, list, follow, onRebase }: SpecificationsWorkspaceProps) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<StagedSpecification[]>(() => list.specifications.map(stage));
  const [loaded, setLoaded] = useState(() => new Map(rows.map((row) => [row.key, row])));
  const [removedIds, setRemovedIds] = useState<number[]>([]);
  const [copying, setCopying] = useState(false);

  const count = rows.filter((row) => changed(row, loaded.get(row.key))).length + removedIds.length;
  // What the next send reads: a merge moves it on before the save goes again, ahead of the render.
  const latest = useRef({ rows, removedIds, loaded });
  latest.current = { rows, removedIds, loaded };

  const update = (key: string, fields: Partial<StagedSpecification>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...fields } : row)));

  const add = () => setRows((current) => [...current, stage({ price_includes: '', price_excludes: '' })]);

  const remove = async (row: StagedSpecification) => {
    if (!(await confirmStagedDelete())) return;
    setRows((current) => current.filter((other) => other.key !== row.key));
    if (row.id !== undefined) setRemovedIds((ids) => [...ids, row.id as number]);
  };

  /** Copy From: the other season's specifications added after this season's (Append) or in place of them (Replace: stored ones are deleted on Save). */
  const planCopy = (source: CopySource, mode: CopyMode): Promise<PlannedCopy> =>
    planCopyFrom({
      source,
      mode,
      load: () => readSourceSeason(queryClient, extrasQueries.specifications(source.tourId, source.seasonId)),
      seasonOf: (copied) => copied.tour_season.season_name,
      targetSeason: list.tour_season.season_name,
      existing: [{ count: rows.length, noun: 'specification' }],
      copied: (copied) => [{ count: copied.specifications.length, noun: 'specification' }],
      what: 'specifications',
      apply: (copied) => {
        const staged = copied.specifications.map((item) => stage(asNewRow(item)));
        if (mode === 'replace') {
          setRemovedIds((ids) => [...ids, ...rows.flatMap((row) => (row.id === undefined ? [] : [row.id]))]);
          setRows(staged);
        } else setRows((current) => [...current, ...staged]);
      },
    });

  // Not a grid, but the same staged season save as the grid tabs.
  const save = useStagedGridSave({
    version: list.tour_season.version,
    count,
    send: (version) =>
      api.specifications.saveSeason({
        params: { tourId, seasonId },
        body: {
          version,
          specifications: latest.current.rows.map(({ id, price_includes, price_excludes }) => ({
            ...(id === undefined ? {} : { id }),
            price_includes,
            price_excludes,
          })),
          removed_ids: latest.current.removedIds,
        },
      }),
    // Issue 29: a stale save merges with the specifications as stored now, then saves at their version.
    rebase: async () => {
      const fresh = await api.specifications.list({ params: { tourId, seasonId } });
      const theirs = fresh.specifications.map(stage);
      const base = [...latest.current.loaded.values()];
      const mine = latest.current.rows;
      const last = await lastSave(tourId, seasonId);
      let merge = mergeSpecifications(base, mine, theirs);
      if (merge.found.length > 0) {
        const picked = await chooseCells(
          merge.found.map((conflict) => specificationConflictRow(conflict, mine)),
          last,
        );
        if (picked === null) return null;
        merge = mergeSpecifications(base, mine, theirs, (conflict) => picked.get(conflict.id));
      }
      const nowLoaded = new Map(theirs.map((row) => [row.key, row]));
      latest.current = { rows: merge.rows, removedIds: merge.removedIds, loaded: nowLoaded };
      setRows(merge.rows);
      setRemovedIds(merge.removedIds);
      setLoaded(nowLoaded);
      queryClient.setQueryData(extrasQueries.specifications(tourId, seasonId).queryKey, fresh);
      notifySuccess(mergedSeasonMessage(last, merge.keptMine));
      return fresh.tour_season.version;
    },
    savedVersion: (saved) => saved.tour_season.version,
    onSaved: (saved) => {
      const sent = latest.current;
      const changedIds = new Set(sent.rows.flatMap((row) => (row.id !== undefined && changed(row, sent.loaded.get(row.key)) ? [row.id] : [])));
      const stored = saved.specifications.map(stage);
      setRows(stored);
      setLoaded(new Map(stored.map((row) => [row.key, row])));
      setRemovedIds([]);
      queryClient.setQueryData(extrasQueries.specifications(tourId, seasonId).queryKey, {
        tour_season: saved.tour_season,
        specifications: saved.specifications,
      });
      notifySeasonSave(saved, specificationToast, changedIds);
    },
  });

  return (
    <div className="season-data-workspace">
      <div className="toolbar">
        <button type="button" className="button" onClick={add}>
          Add Specification
        </button>
        <button type="button" className="button" onClick={() => setCopying(true)} aria-expanded={copying}>
          Copy From
        </button>
        <span className="toolbar-end">
          {follow && <AlsoHere presence={follow} />}
          <ThreeClickSave {...save.button} />
        </span>
      </div>
      {follow && <ChangeNotice presence={follow} onBringIn={bringInWith(follow, save.dirty, onRebase ?? save.bringIn)} />}
      {copying && (
        <CopyFromPanel
          type="specifications"
          tourId={tourId}
          seasonId={seasonId}
          existing={{ count: rows.length, noun: 'specification' }}
          onPlan={planCopy}
          onClose={() => setCopying(false)}
        />
      )}
      {rows.length === 0 && <EmptyView message="This season has no specification yet: add one, or copy it from another tour." />}
      {rows.map((row, index) => {
        const title = rows.length > 1 ? `Specification ${index + 1}` : 'Specification';
        return (
          <section key={row.key} className="specification-card" aria-label={title}>
            <div className="card-heading">
              <h2>
                {title}
                {changed(row, loaded.get(row.key)) && <span className="unsaved-mark"> (unsaved)</span>}
              </h2>
              <span className="card-actions">
                <button type="button" className="button small danger" onClick={() => void remove(row)}>
                  Remove {title.toLowerCase()}
                </button>
              </span>
            </div>
            <div className="specification-fields">
              <RichTextEditor label="Price includes" value={row.price_includes} onChange={(price_includes) => update(row.key, { price_includes })} />
              <RichTextEditor label="Price excludes" value={row.price_excludes} onChange={(price_excludes) => update(row.key, { price_excludes })} />
            </div>
          </section>
        );
      })}
    </div>
  );
}
