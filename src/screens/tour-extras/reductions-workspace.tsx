import { useMemo, useState, type CSSProperties } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORTS_OWN_ERRORS } from '../../app/query-client';
import { api } from '../../app/api/api-client';
import { ApiError } from '../../app/api/api-error';
import { confirmStagedDelete } from '../../app/ui/confirm-dialog';
import { EmptyView } from '../../app/ui/status-views';
import { useUnsavedChangesPrompt } from '../../app/ui/use-unsaved-changes-prompt';
import { asNewRow } from '../../domain/tours/copy-season-data';
import { planSeasonCopy, type CopyMode } from '../../domain/tours/plan-season-copy';
import type { ReductionNumericField } from '../../domain/tours/tour-extras-rules';
import { reductionToast, type ReductionsList, type ReductionsSeasonSaved } from '../../domain/tours/tour-reductions-schemas';
import { CopyFromPanel, type CopySource, type PlannedCopy } from '../pricing/copy-from-panel';
import type { NamedOption } from '../pricing/pricing-queries';
import { ThreeClickSave } from '../pricing/three-click-save';
import { extrasPaths, extrasQueries } from './extras-queries';
import { fieldErrorsByRow, notifySeasonSave, saveLabel } from './season-save';
import { newStagedReduction, reductionChanged, reductionForSave, stageReduction, type StagedReduction } from './staged-reductions';

export type ReductionsWorkspaceProps = {
  tourId: string;
  seasonId: string;
  list: ReductionsList;
  roomTypes: readonly NamedOption[];
  decks: readonly NamedOption[];
  accommodation: readonly NamedOption[];
};

type IdField = 'room_type_id' | 'deck_id' | 'child_calc_room' | 'child_calc_accommodation';
type TextField = ReductionNumericField | 'order';

/** The columns of the table, in order, with the header each sits under. */
const NUMBER_COLUMNS: { field: TextField; label: string; group: string | null; size: number }[] = [
  { field: 'order', label: 'Order', group: null, size: 3 },
  { field: 'percent', label: 'Percent', group: null, size: 4 },
  { field: 'cost', label: 'Cost', group: null, size: 5 },
];
const INPUT_COLUMNS: { field: ReductionNumericField; label: string }[] = [
  { field: 'input_quantity', label: 'Qty' },
  { field: 'input_min', label: 'Min age' },
  { field: 'input_max', label: 'Max age' },
];
const OUTPUT_COLUMNS: { field: ReductionNumericField; label: string }[] = [
  { field: 'output_quantity', label: 'Qty' },
  { field: 'output_min', label: 'Min age' },
  { field: 'output_max', label: 'Max age' },
];

const toId = (value: string) => (value === '' ? null : Number(value));

/** The season's reduction rules, staged until Save (SPEC.md section 2, Reductions). */
export function ReductionsWorkspace({ tourId, seasonId, list, roomTypes, decks, accommodation }: ReductionsWorkspaceProps) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<StagedReduction[]>(() => list.reductions.map(stageReduction));
  const [loaded, setLoaded] = useState(() => new Map(rows.map((row) => [row.key, row])));
  const [version, setVersion] = useState(list.tour_season.version);
  const [removedIds, setRemovedIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<Map<number, Map<string, string>>>(new Map());
  const [copying, setCopying] = useState(false);

  const changed = useMemo(() => rows.filter((row) => reductionChanged(row, loaded.get(row.key))).length, [rows, loaded]);
  const count = changed + removedIds.length;
  useUnsavedChangesPrompt(count > 0);

  const update = (key: string, fields: Partial<StagedReduction>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...fields } : row)));

  const remove = async (row: StagedReduction) => {
    if (!(await confirmStagedDelete())) return;
    setRows((current) => current.filter((other) => other.key !== row.key));
    if (row.id !== undefined) setRemovedIds((ids) => [...ids, row.id as number]);
  };

  /** Copy From: the other season's reductions added after this season's (Append) or in place of them (Replace: stored ones are deleted on Save). */
  const planCopy = async (source: CopySource, mode: CopyMode): Promise<PlannedCopy> => {
    const copied = await queryClient.fetchQuery({ ...extrasQueries.reductions(source.tourId, source.seasonId), staleTime: 0, ...REPORTS_OWN_ERRORS });
    if (copied.reductions.length === 0) throw new Error(`${source.tourName} season ${source.seasonName} has no reductions`);
    const plan = planSeasonCopy({
      mode,
      sourceSeason: copied.tour_season.season_name,
      targetSeason: list.tour_season.season_name,
      existing: [{ count: rows.length, noun: 'reduction' }],
      copied: [{ count: copied.reductions.length, noun: 'reduction' }],
      ranges: [],
    });
    const apply = () => {
      const staged = copied.reductions.map((item) => stageReduction(asNewRow(item)));
      if (mode === 'replace') {
        setRemovedIds((ids) => [...ids, ...rows.flatMap((row) => (row.id === undefined ? [] : [row.id]))]);
        setRows(staged);
      } else setRows((current) => [...current, ...staged]);
    };
    return { lines: plan.lines, apply };
  };

  const save = useMutation({
    mutationFn: () =>
      api.put<ReductionsSeasonSaved>(extrasPaths.reductions(tourId, seasonId), { version, reductions: rows.map(reductionForSave), removed_ids: removedIds }),
    onSuccess: (saved) => {
      const changedIds = new Set(rows.flatMap((row) => (row.id !== undefined && reductionChanged(row, loaded.get(row.key)) ? [row.id] : [])));
      const staged = saved.reductions.map(stageReduction);
      setRows(staged);
      setLoaded(new Map(staged.map((row) => [row.key, row])));
      setVersion(saved.tour_season.version);
      setRemovedIds([]);
      setErrors(new Map());
      queryClient.setQueryData(extrasQueries.reductions(tourId, seasonId).queryKey, { tour_season: saved.tour_season, reductions: saved.reductions });
      notifySeasonSave(saved, reductionToast, changedIds);
    },
    onError: (error) => {
      // The app's mutation cache shows the server's message; the fields it names are marked.
      if (error instanceof ApiError) setErrors(fieldErrorsByRow(error.items, 'reductions'));
    },
  });

  const select = (row: StagedReduction, index: number, field: IdField, label: string, options: readonly NamedOption[], empty: string) => (
    <select aria-label={`${label} of reduction ${index + 1}`} value={row[field] ?? ''} onChange={(event) => update(row.key, { [field]: toId(event.target.value) })}>
      <option value="">{empty}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );

  const numberInput = (row: StagedReduction, index: number, field: TextField, label: string, size = 3) => {
    const message = errors.get(index)?.get(field);
    return (
      <input
        className="number-text"
        inputMode="decimal"
        size={size}
        style={{ '--chars': size } as CSSProperties}
        aria-label={`${label} of reduction ${index + 1}`}
        aria-invalid={message ? true : undefined}
        title={message}
        value={row[field]}
        onChange={(event) => update(row.key, { [field]: event.target.value })}
      />
    );
  };

  return (
    <div className="season-data-workspace">
      <div className="toolbar">
        <button type="button" className="button" onClick={() => setRows((current) => [...current, newStagedReduction(current)])}>
          Add Reduction
        </button>
        <button type="button" className="button" onClick={() => setCopying(true)} aria-expanded={copying}>
          Copy From
        </button>
        <span className="muted">
          {rows.length} reduction{rows.length === 1 ? '' : 's'}
        </span>
        <span className="toolbar-end">
          <ThreeClickSave label={saveLabel(count)} saving={save.isPending} disabled={count === 0} onSave={() => save.mutate()} />
        </span>
      </div>
      {copying && <CopyFromPanel type="reductions" tourId={tourId} seasonId={seasonId} existing={{ count: rows.length, noun: 'reduction' }} onPlan={planCopy} onClose={() => setCopying(false)} />}
      {rows.length === 0 ? (
        <EmptyView message="This season has no reductions. Add a reduction (a free child place to start with) or copy them from another tour." />
      ) : (
        <div className="table-scroll">
          <table className="table reductions-table">
            <caption className="visually-hidden">Reductions</caption>
            <thead>
              <tr>
                <th rowSpan={2} scope="col">
                  #
                </th>
                {NUMBER_COLUMNS.map((column) => (
                  <th key={column.field} rowSpan={2} scope="col">
                    {column.label}
                  </th>
                ))}
                <th rowSpan={2} scope="col">
                  Room type
                </th>
                <th rowSpan={2} scope="col">
                  Deck
                </th>
                <th colSpan={3} scope="colgroup" className="column-group">
                  Input
                </th>
                <th colSpan={3} scope="colgroup" className="column-group">
                  Output
                </th>
                <th colSpan={2} scope="colgroup" className="column-group">
                  Child calculation
                </th>
                <th rowSpan={2} className="row-actions-cell">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
              <tr>
                {[...INPUT_COLUMNS, ...OUTPUT_COLUMNS].map((column) => (
                  <th key={column.field} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col">Room</th>
                <th scope="col">Accommodation</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const rowError = errors.get(index)?.get('');
                return (
                  <tr key={row.key} className={reductionChanged(row, loaded.get(row.key)) ? 'changed' : undefined}>
                    <td className="muted" title={rowError}>
                      {index + 1}
                    </td>
                    {NUMBER_COLUMNS.map((column) => (
                      <td key={column.field}>{numberInput(row, index, column.field, column.label, column.size)}</td>
                    ))}
                    <td>{select(row, index, 'room_type_id', 'Room type', roomTypes, 'Any')}</td>
                    <td>{select(row, index, 'deck_id', 'Deck', decks, 'Any')}</td>
                    {INPUT_COLUMNS.map((column) => (
                      <td key={column.field}>{numberInput(row, index, column.field, `Input ${column.label.toLowerCase()}`)}</td>
                    ))}
                    {OUTPUT_COLUMNS.map((column) => (
                      <td key={column.field}>{numberInput(row, index, column.field, `Output ${column.label.toLowerCase()}`)}</td>
                    ))}
                    <td>{select(row, index, 'child_calc_room', 'Child calculation room', roomTypes, '—')}</td>
                    <td>{select(row, index, 'child_calc_accommodation', 'Child calculation accommodation', accommodation, '—')}</td>
                    <td className="row-actions-cell">
                      <button type="button" className="button small danger" onClick={() => void remove(row)} aria-label={`Remove reduction ${index + 1}`}>
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
