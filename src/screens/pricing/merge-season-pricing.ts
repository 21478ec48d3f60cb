// The pricing tab's merge of a stale save (issue 29): the clerk's staged groups and rows rebased
// on the season as stored now, by the grid's three-way merge. A row's group is one of its merged
// cells (a row moved to another group is a change), and gross and formula are one cell, `price`:
// what the clerk typed, a number or a formula, never the number a formula happened to give.

import { PRICING_GROUP_FIELDS, type SeasonPricing } from '../../domain/pricing/tour-pricing';
import { mergePriceRows, MERGED_PRICE_FIELDS, rowIdentity as identity, type Priced } from '../../grid/commands/merge-price-rows';
import { mergeRows, type MergeChoice, type MergeConflict } from '../../grid/commands/three-way-merge';
import { groupStarts, newGroupKey, stageCategories, type PriceGroup, type PricingRow } from './price-groups';

const OWN_FIELDS = ['group', 'room_type_id', 'accommodation_category_id', 'deck_id'] as const;
const ROW_FIELDS = [...OWN_FIELDS, ...MERGED_PRICE_FIELDS] as const;

/** A price row with its group's identity, as the merge compares it. */
export type GroupedPriceRow = PricingRow & { group: string };
export type MergedPriceRow = Priced<GroupedPriceRow>;
/** A group as the merge compares it: `touched` when a side changed or added rows in it (its deletion then conflicts). */
export type MergedGroup = PriceGroup & { touched: boolean };

export type SeasonConflict = { what: 'group'; conflict: MergeConflict<MergedGroup> } | { what: 'price'; conflict: MergeConflict<MergedPriceRow> };

export type StagedSeason = { groups: PriceGroup[]; rows: PricingRow[]; removedGroupIds: number[] };

export type SeasonMerge = StagedSeason & {
  /** Every conflict found; `undecided` those without a choice yet. */
  found: SeasonConflict[];
  undecided: SeasonConflict[];
  /** The season as stored now, staged: the grid's new baseline. */
  stored: { groups: PriceGroup[]; rows: PricingRow[] };
  keptMine: number;
  tookTheirs: number;
};

/** Rows with their group's identity. */
function grouped(groups: readonly PriceGroup[], rows: readonly PricingRow[]): GroupedPriceRow[] {
  const starts = groupStarts(groups);
  return groups.flatMap((group, g) => rows.slice(starts[g], starts[g] + group.size).map((row) => ({ ...row, group: identity(group) })));
}
/** As the merge compares them, for telling which groups' rows a side changed. */
const mergeable = (rows: readonly GroupedPriceRow[]): MergedPriceRow[] => rows.map((row) => ({ ...row, price: row.formula ? row.formula : row.gross }));

/** The groups that changed rows in them since `base`: added, changed, moved in. */
function touchedGroups(rows: readonly MergedPriceRow[], base: ReadonlyMap<string, MergedPriceRow>): Set<string> {
  const changed = (row: MergedPriceRow, loaded: MergedPriceRow) => ROW_FIELDS.some((field) => JSON.stringify(row[field]) !== JSON.stringify(loaded[field]));
  return new Set(rows.flatMap((row) => (base.has(identity(row)) && !changed(row, base.get(identity(row)) as MergedPriceRow) ? [] : [row.group])));
}

export type SeasonMergeInput = {
  /** The season as the clerk loaded it (or last saved it). */
  loaded: SeasonPricing;
  /** The season as stored now. */
  latest: SeasonPricing;
  /** The clerk's staged groups and rows. */
  mine: { groups: readonly PriceGroup[]; rows: readonly PricingRow[] };
  /** The decision per conflict id (`SeasonConflict.conflict.id`, prefixed by `group:` or `price:`). */
  choices?: ReadonlyMap<string, MergeChoice>;
};

export const conflictKey = (conflict: SeasonConflict) => `${conflict.what}:${conflict.conflict.id}`;

export function mergeSeasonPricing({ loaded, latest, mine, choices }: SeasonMergeInput): SeasonMerge {
  const base = stageCategories(loaded.categories);
  const stored = stageCategories(latest.categories);
  const baseRows = grouped(base.groups, base.rows);
  const mineRows = grouped(mine.groups, mine.rows);
  const theirRows = grouped(stored.groups, stored.rows);
  const baseById = new Map(mergeable(baseRows).map((row) => [identity(row), row]));
  const mineTouched = touchedGroups(mergeable(mineRows), baseById);
  const theirsTouched = touchedGroups(mergeable(theirRows), baseById);
  const asGroups = (groups: readonly PriceGroup[], touched: ReadonlySet<string>) =>
    groups.map((group) => ({ ...group, touched: touched.has(identity(group)) }));

  const groupMerge = mergeRows<MergedGroup>({
    base: asGroups(base.groups, new Set()),
    mine: asGroups(mine.groups, mineTouched),
    theirs: asGroups(stored.groups, theirsTouched),
    identity,
    fields: [...PRICING_GROUP_FIELDS, 'touched'],
    choose: (conflict) => choices?.get(`group:${conflict.id}`),
  });
  const groupOrder = new Map(groupMerge.rows.map((group, g) => [identity(group), g]));
  const rowMerge = mergePriceRows<GroupedPriceRow>({
    base: baseRows,
    mine: mineRows,
    theirs: theirRows,
    fields: OWN_FIELDS,
    choose: (conflict) => choices?.get(`price:${conflict.id}`),
    // Rows in their group's place, in the merged order within it; a row whose group is gone goes with it.
    arrange: (rows) =>
      rows
        .filter((row) => groupOrder.has(row.group))
        .map((row, index) => ({ row, index }))
        .sort((x, y) => (groupOrder.get(x.row.group) as number) - (groupOrder.get(y.row.group) as number) || x.index - y.index)
        .map(({ row }) => row),
  });

  // A kept row or group whose stored record is gone is saved as new.
  const groups = groupMerge.rows.map(({ touched: _touched, ...group }): PriceGroup => {
    const revived = groupMerge.revived.has(identity(group));
    return revived ? { ...group, id: undefined, key: newGroupKey() } : group;
  });
  const sizes = new Map<string, number>();
  for (const row of rowMerge.rows) sizes.set(row.group, (sizes.get(row.group) ?? 0) + 1);
  const sized = groups.map((group, g) => ({ ...group, size: sizes.get(identity(groupMerge.rows[g])) ?? 0 }));
  const rows = rowMerge.rows.map(({ group: _group, ...row }): PricingRow => row);
  const storedIds = new Set(stored.groups.map((group) => group.id));
  const keptIds = new Set(groups.map((group) => group.id));
  const removedGroupIds = base.groups.flatMap((group) => (group.id !== undefined && storedIds.has(group.id) && !keptIds.has(group.id) ? [group.id] : []));

  // `touched` is bookkeeping, not a change anyone typed: a group counted for it is not counted.
  const inAll = (id: string) =>
    base.groups.some((one) => identity(one) === id) && stored.groups.some((one) => identity(one) === id) && mine.groups.some((one) => identity(one) === id);
  const countedTouched = (touched: ReadonlySet<string>) => [...touched].filter(inAll).length;
  const found: SeasonConflict[] = [
    ...groupMerge.found.map((conflict): SeasonConflict => ({ what: 'group', conflict })),
    ...rowMerge.found.map((conflict): SeasonConflict => ({ what: 'price', conflict })),
  ];
  const undecided = found.filter((conflict) => choices?.get(conflictKey(conflict)) === undefined);
  return {
    groups: sized,
    rows,
    removedGroupIds,
    found,
    undecided,
    stored,
    keptMine: groupMerge.keptMine + rowMerge.keptMine - countedTouched(mineTouched),
    tookTheirs: groupMerge.tookTheirs + rowMerge.tookTheirs - countedTouched(new Set([...theirsTouched].filter((id) => !mineTouched.has(id)))),
  };
}
