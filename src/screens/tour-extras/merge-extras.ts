// The supplements and extra nights tabs' merge of a stale save (issue 29): the clerk's staged
// extras rebased on the season as stored now. Each extra's own fields merge as a grid's cells do,
// its variations as a price grid's rows (mergePriceRows); an extra one side removed and the other
// changed (its fields or its variations) is a conflict, never decided silently.

import { mergePriceRows, rowIdentity } from '../../grid/commands/merge-price-rows';
import { mergeRows, type MergeChoice, type MergeConflict } from '../../grid/commands/three-way-merge';
import type { PriceRow } from '../../grid/price-row';

/** One extra as a side of the merge holds it. */
export type ExtraSide<Fields extends object, Row extends PriceRow> = { key: string; id?: number; fields: Fields; rows: readonly Row[] };

type ExtraRecord<Fields extends object> = Fields & { key: string; id?: number; touched: boolean };

export type ExtrasConflict<Fields extends object, Row extends PriceRow> =
  | { what: 'extra'; key: string; conflict: MergeConflict<ExtraRecord<Fields>> }
  | { what: 'variation'; key: string; extra: string; conflict: MergeConflict<Row & { price: number | string | null }> };

export type MergedExtra<Fields extends object, Row extends PriceRow> = ExtraSide<Fields, Row> & {
  /** The extra's variations as stored now: its grid's new baseline (none for an extra not stored). */
  storedRows: readonly Row[];
  /** Its fields as stored now, to tell which fields are still unsaved. */
  storedFields?: Fields;
};

export type ExtrasMerge<Fields extends object, Row extends PriceRow> = {
  extras: MergedExtra<Fields, Row>[];
  /** Stored extras the save removes: those the clerk removed and kept removed. */
  removedIds: number[];
  found: ExtrasConflict<Fields, Row>[];
  undecided: ExtrasConflict<Fields, Row>[];
  keptMine: number;
  tookTheirs: number;
};

export type ExtrasMergeInput<Fields extends object, Row extends PriceRow> = {
  base: readonly ExtraSide<Fields, Row>[];
  mine: readonly ExtraSide<Fields, Row>[];
  theirs: readonly ExtraSide<Fields, Row>[];
  fieldNames: readonly (keyof Fields & string)[];
  variationFields: readonly (keyof Row & string)[];
  /** The decision per conflict `key`. */
  choices?: ReadonlyMap<string, MergeChoice>;
};

const sameRows = <Row extends PriceRow>(a: readonly Row[], b: readonly Row[], fields: readonly string[]) =>
  a.length === b.length &&
  a.every(
    (row, index) => rowIdentity(row) === rowIdentity(b[index]) && fields.every((field) => JSON.stringify(row[field]) === JSON.stringify(b[index][field])),
  );

export function mergeExtras<Fields extends object, Row extends PriceRow>(input: ExtrasMergeInput<Fields, Row>): ExtrasMerge<Fields, Row> {
  const { fieldNames, choices } = input;
  const compared = [...input.variationFields, 'formula', 'gross', 'non_com', 'adjustment', 'markup_rate_id'];
  const baseById = new Map(input.base.map((extra) => [rowIdentity(extra), extra]));
  // `touched`: the side changed the extra's variations, so removing the extra conflicts with it.
  const record = (extra: ExtraSide<Fields, Row>): ExtraRecord<Fields> => {
    const loaded = baseById.get(rowIdentity(extra));
    return { ...extra.fields, key: extra.key, id: extra.id, touched: loaded === undefined ? false : !sameRows(extra.rows, loaded.rows, compared) };
  };
  const extraMerge = mergeRows<ExtraRecord<Fields>>({
    base: input.base.map((extra) => ({ ...extra.fields, key: extra.key, id: extra.id, touched: false })),
    mine: input.mine.map(record),
    theirs: input.theirs.map(record),
    identity: rowIdentity,
    fields: [...fieldNames, 'touched'],
    choose: (conflict) => choices?.get(`extra:${conflict.id}`),
  });

  const found: ExtrasConflict<Fields, Row>[] = extraMerge.found.map((conflict) => ({ what: 'extra', key: `extra:${conflict.id}`, conflict }));
  let keptMine = extraMerge.keptMine;
  let tookTheirs = extraMerge.tookTheirs;
  const byIdentity = (side: readonly ExtraSide<Fields, Row>[]) => new Map(side.map((extra) => [rowIdentity(extra), extra]));
  const [mineById, theirsById] = [byIdentity(input.mine), byIdentity(input.theirs)];

  const extras = extraMerge.rows.map((merged): MergedExtra<Fields, Row> => {
    const identity = rowIdentity(merged);
    const [loaded, ours, stored] = [baseById.get(identity), mineById.get(identity), theirsById.get(identity)];
    const { key, id, touched: _touched, ...fields } = merged;
    const own = fields as unknown as Fields;
    if (extraMerge.revived.has(identity) && ours) {
      // They removed it; the clerk keeps it: saved as a new extra with new variations.
      return { key, fields: own, rows: ours.rows.map((row) => ({ ...row, id: undefined })), storedRows: [] };
    }
    if (loaded && ours && stored) {
      const rows = mergePriceRows<Row>({
        base: loaded.rows,
        mine: ours.rows,
        theirs: stored.rows,
        fields: input.variationFields,
        choose: (conflict) => choices?.get(`variation:${identity}:${conflict.id}`),
      });
      found.push(...rows.found.map((conflict) => ({ what: 'variation' as const, key: `variation:${identity}:${conflict.id}`, extra: identity, conflict })));
      keptMine += rows.keptMine;
      tookTheirs += rows.tookTheirs;
      return { key: stored.key, id, fields: own, rows: rows.rows, storedRows: stored.rows, storedFields: stored.fields };
    }
    const side = (stored ?? ours) as ExtraSide<Fields, Row>;
    return { key: side.key, id, fields: own, rows: side.rows, storedRows: stored?.rows ?? [], storedFields: stored?.fields };
  });
  // `touched` is bookkeeping, not a typed change: not counted.
  const counted = (side: readonly ExtraSide<Fields, Row>[]) =>
    side.filter((extra) => baseById.has(rowIdentity(extra)) && theirsById.has(rowIdentity(extra)) && mineById.has(rowIdentity(extra)) && record(extra).touched)
      .length;
  keptMine -= counted(input.mine);
  tookTheirs -= input.theirs.filter(
    (extra) =>
      baseById.has(rowIdentity(extra)) &&
      mineById.has(rowIdentity(extra)) &&
      record(extra).touched &&
      !record(mineById.get(rowIdentity(extra)) as ExtraSide<Fields, Row>).touched,
  ).length;

  const kept = new Set(extras.map((extra) => extra.id));
  const removedIds = input.base.flatMap((extra) => (extra.id !== undefined && theirsById.has(rowIdentity(extra)) && !kept.has(extra.id) ? [extra.id] : []));
  const undecided = found.filter((conflict) => choices?.get(conflict.key) === undefined);
  return { extras, removedIds, found, undecided, keptMine, tookTheirs };
}
