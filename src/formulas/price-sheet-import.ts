// Reading back a price sheet the app exported (issue 21, Import), of the pricing, bikes or extras
// tab, each described by its SheetLayout (price-sheet-layout.ts): rows are matched by their
// hidden ids, so sorting or filtering in Excel does not lose them, and the result is a preview:
// changed cells (before -> after, formulas as formulas), rows the sheet adds, rows it no longer
// has, rows it cannot match with the reason, or one refusal that names what is wrong. Nothing is
// changed here: the grid stages an accepted preview as one undoable edit.
//
// A gross formula is compared in the sheet's own terms: the current formula is written as the
// export writes it (over the sheet rows its references now sit on) and an identical text is no
// change, so the export's 6-decimal guard inside ROUND is not a change either. A changed formula
// is read back into the grid's language, a Gross cell reference becoming `[n]` of the row holding
// that price now; any other reference (another column, the Rates sheet) is refused.

import { normaliseNumberText, readPercentText } from '../domain/normalise-number-text';
import { resolveRate, type MarkupRate } from '../domain/price-maths';
import { priceInputProblem, type PriceInputField } from '../domain/pricing/price-input-rules';
import type { SeasonPricing } from '../domain/pricing/tour-pricing';
import { formulaProblem, toSheetFormula } from './formula-references';
import { columnLetter, PRICING_LAYOUT, RATES_SHEET, type PriceSheetHeader, type SheetLayout, type SheetPrice, type SheetSeason } from './price-sheet-layout';
import { sheetDay } from './sheet-day';
import { NotAnXlsxWorkbook, readXlsxSheets, type SheetCells, type SheetCellValue as CellValue } from './read-xlsx-sheets';

/** Largest file the import reads (issue 21). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type ImportedGross = { formula: string | null; gross: number | null };
/** `index` is the row's `[n]` (see MissingRow), `groupId` its group's id. */
type ChangedRowOf = { priceId: number; index: number; sheetRow: number; groupId?: number | null };
export type CellChange = ChangedRowOf &
  (
    | { field: 'gross'; before: string | number; after: string | number; value: ImportedGross }
    | { field: 'non_com' | 'adjustment'; before: number; after: number; value: number }
    | { field: 'commission'; before: number | null; after: number; value: number }
  );
/**
 * A row the sheet adds to a group (null: the bikes' one list); `labels` are the names the sheet
 * shows in the layout's label columns ('' for none): `{ Room: 'Twin', Accommodation: '' }`.
 */
export type AddedRow = {
  sheetRow: number;
  groupId: number | null;
  gross: ImportedGross;
  non_com: number;
  adjustment: number;
  markup_rate_id: number | null;
  labels: Partial<Record<PriceSheetHeader, string>>;
};
/** `index` is the row's `[n]`: in the season, or in its group when `[n]` counts a group's rows (an extra's variations). */
export type MissingRow = { priceId: number; groupId: number | null; index: number };
export type UnmatchedRow = { sheetRow: number; reason: string };
/** `ignored`: edits of the Rates sheet, which repriced the sheet but are not prices: the import leaves them out. */
export type ImportPreview = { changes: CellChange[]; added: AddedRow[]; missing: MissingRow[]; unmatched: UnmatchedRow[]; ignored: string[] };
/** What the clerk chose in the preview: whether the rows the sheet no longer has are removed too (never by default). */
export type ImportChoice = { removeMissing: boolean };
export type ImportResult = { ok: true; preview: ImportPreview } | { ok: false; refusal: string; olderVersion?: { sheet: number; current: number } };

/** Read with `olderVersion: true` to compare a sheet exported before the season's last save anyway. */
export type ImportOptions = { olderVersion?: boolean };

class Refusal extends Error {}

export const NOT_XLSX_REFUSAL = 'The file is not an xlsx workbook';

/** The refusal of a file too large to read, before it is opened. */
export const sizeRefusal = (bytes: ArrayBuffer): string | undefined =>
  bytes.byteLength > MAX_IMPORT_BYTES ? `The file is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB: the import reads files up to 5 MB` : undefined;

/** The pricing tab's season as the rows its sheet is compared with: its price groups in grid order. */
export const pricingSheetRows = (current: SeasonPricing): SheetSeason => ({
  tour_season: current.tour_season,
  groups: current.categories.map((category) => ({ id: category.id, rows: category.prices })),
});

/** The preview of an exported pricing workbook's edits against the season as it is now. */
export function previewPriceSheet(bytes: ArrayBuffer, current: SeasonPricing, options: ImportOptions = {}): Promise<ImportResult> {
  return previewSheet(bytes, PRICING_LAYOUT, pricingSheetRows(current), options);
}

/** The preview of an exported workbook of a tab (its layout) against the tab's season as it is now. */
export async function previewSheet(bytes: ArrayBuffer, layout: SheetLayout, current: SheetSeason, options: ImportOptions = {}): Promise<ImportResult> {
  const tooLarge = sizeRefusal(bytes);
  if (tooLarge !== undefined) return { ok: false, refusal: tooLarge };
  let sheets: Map<string, SheetCells>;
  try {
    sheets = await readXlsxSheets(bytes, [layout.sheet, RATES_SHEET]);
  } catch (error) {
    if (error instanceof NotAnXlsxWorkbook) return { ok: false, refusal: NOT_XLSX_REFUSAL };
    throw error;
  }
  const sheet = sheets.get(layout.sheet);
  if (sheet === undefined) return { ok: false, refusal: `The workbook has no ${layout.sheet} sheet: import a sheet this app exported from this tab` };
  try {
    return readSheet(layout, sheet, sheets.get(RATES_SHEET), current, options);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.message };
    throw error;
  }
}

type SheetRow = { sheetRow: number; read: (header: PriceSheetHeader) => CellValue; where: (header: PriceSheetHeader) => string };

/** A stored row of the season, its group and its `[n]` (in the season, or in its group). */
type Located = { price: SheetPrice; groupId: number | null; index: number };
/** The rows a `[n]` counts: the season's, or one group's. */
type Scope = { ids: number[]; indexOf: Map<number, number> };

function readSheet(layout: SheetLayout, sheet: SheetCells, rates: SheetCells | undefined, current: SheetSeason, options: ImportOptions): ImportResult {
  const headerCells = (sheet.getRow(1).values as CellValue[]).map((value) => (typeof value === 'string' ? value : ''));
  const columnOf = (header: PriceSheetHeader) => {
    const column = headerCells.indexOf(header);
    if (column < 1) throw new Refusal(`The ${layout.sheet} sheet has no ${header} column: import a sheet this app exported`);
    return column;
  };
  const gross = columnLetter(columnOf('Gross'));
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (!row.hasValues) continue;
    rows.push({
      sheetRow: r,
      read: (header) => row.getCell(columnOf(header)).value,
      where: (header) => `${layout.sheet} row ${r}, ${header} (${columnLetter(columnOf(header))}${r})`,
    });
  }
  const season = current.tour_season;
  const idOf = (row: SheetRow, header: PriceSheetHeader) => {
    const value = row.read(header);
    if (value === null || value === undefined || value === '') return null;
    if (typeof value !== 'number' || !Number.isInteger(value)) throw new Refusal(`${row.where(header)}: '${quoted(value)}' is not an id`);
    return value;
  };
  for (const row of rows) {
    const tour = idOf(row, 'Tour id');
    const seasonId = idOf(row, 'Season id');
    if ((tour !== null && tour !== season.tour_id) || (seasonId !== null && seasonId !== season.season_id)) {
      throw new Refusal(
        `Row ${row.sheetRow} belongs to another tour or season (tour ${tour}, season ${seasonId}): this is ${season.season_name} of tour ${season.tour_id}`,
      );
    }
    const version = idOf(row, 'Version');
    if (version !== null && version < season.version && options.olderVersion !== true) {
      return {
        ok: false,
        refusal: `The sheet was exported before the season's last save (version ${version}, now ${season.version})`,
        olderVersion: { sheet: version, current: season.version },
      };
    }
  }

  const groupScope = layout.references === 'group';
  const seasonScope: Scope = { ids: [], indexOf: new Map() };
  const scopes = new Map<number | null, Scope>();
  const located = new Map<number, Located>();
  for (const group of current.groups) {
    const scope = groupScope ? { ids: [], indexOf: new Map<number, number>() } : seasonScope;
    scopes.set(group.id, scope);
    for (const price of group.rows) {
      located.set(price.id, { price, groupId: group.id, index: scope.ids.length });
      scope.indexOf.set(price.id, scope.ids.length);
      scope.ids.push(price.id);
    }
  }
  // A tab of one list (bikes) adds rows to it; its group may be empty.
  if (layout.groupId === null && !scopes.has(null)) scopes.set(null, seasonScope);
  const groupOf = (row: SheetRow) => (layout.groupId === null ? null : idOf(row, layout.groupId));
  const rowOfPrice = new Map<number, number>();
  const priceAtRow = new Map<number, number>();
  for (const row of rows) {
    const id = idOf(row, layout.rowId);
    if (id !== null && located.has(id) && !rowOfPrice.has(id)) {
      rowOfPrice.set(id, row.sheetRow);
      priceAtRow.set(row.sheetRow, id);
    }
  }
  const modelRates = season.model?.rates ?? [];
  const rateIdAtRatesRow = (ratesRow: number) => {
    const value = rates?.getRow(ratesRow).getCell(3).value;
    return typeof value === 'number' ? value : undefined;
  };
  const preview: ImportPreview = { changes: [], added: [], missing: [], unmatched: [], ignored: rates === undefined ? [] : ratesEdits(rates, current) };
  const seen = new Set<number>();
  const groupNoun = layout.groupNoun.toLowerCase();
  for (const row of rows) {
    const priceId = idOf(row, layout.rowId);
    const groupId = groupOf(row);
    const readGross = (scope: Scope) => importedGross(layout, row, gross, priceAtRow, scope);
    const commission = (currentRateId?: number) => importedRate(row, modelRates, rateIdAtRatesRow, currentRateId);
    if (priceId === null) {
      const scope = scopes.get(groupId);
      if (scope === undefined) {
        preview.unmatched.push({
          sheetRow: row.sheetRow,
          reason:
            groupId === null
              ? `A new row without a ${layout.groupId}: copy a row of the ${groupNoun} it belongs to`
              : `${layout.groupNoun} ${groupId} is not in this season`,
        });
        continue;
      }
      const labels = addedLabels(layout, row);
      if (typeof labels === 'string') {
        preview.unmatched.push({ sheetRow: row.sheetRow, reason: labels });
        continue;
      }
      const rate = commission();
      preview.added.push({
        sheetRow: row.sheetRow,
        groupId,
        gross: readGross(scope),
        non_com: money(row, 'Non-com'),
        adjustment: money(row, 'Adjustment'),
        markup_rate_id: rate === 'unchanged' ? null : rate.id,
        labels,
      });
      continue;
    }
    const found = located.get(priceId);
    if (found === undefined) {
      preview.unmatched.push({ sheetRow: row.sheetRow, reason: `${layout.rowNoun} ${priceId} is not in this season (removed since the export?)` });
      continue;
    }
    if (seen.has(priceId)) {
      preview.unmatched.push({ sheetRow: row.sheetRow, reason: `${layout.rowNoun} ${priceId} is on an earlier row too (row ${rowOfPrice.get(priceId)})` });
      continue;
    }
    seen.add(priceId);
    const { price, index } = found;
    const scope = scopes.get(found.groupId) as Scope;
    const base = { priceId, index, sheetRow: row.sheetRow, groupId: found.groupId };
    const exported =
      price.formula === null ? undefined : toSheetFormula(price.formula, scope.ids.length, (n) => `${gross}${rowOfPrice.get(scope.ids[n]) ?? 0}`);
    const cell = row.read('Gross');
    const sheetFormula = formulaOf(cell);
    // A number is compared as read, so the stored 675 held as text ('675.00') is no change either.
    const value = sheetFormula !== undefined && exported !== undefined && sameFormula(sheetFormula, exported) ? undefined : readGross(scope);
    const unchangedGross = value === undefined || (price.formula === null && value.formula === null && value.gross === Number(price.gross));
    if (value !== undefined && !unchangedGross) {
      preview.changes.push({
        ...base,
        field: 'gross',
        before: price.formula === null ? Number(price.gross) : `=${price.formula}`,
        after: value.formula === null ? (value.gross ?? 0) : `=${value.formula}`,
        value,
      });
    }
    for (const [field, header] of [
      ['non_com', 'Non-com'],
      ['adjustment', 'Adjustment'],
    ] as const) {
      const after = money(row, header);
      if (after !== Number(price[field])) preview.changes.push({ ...base, field, before: Number(price[field]), after, value: after });
    }
    const now = resolveRate(modelRates, price.markup_rate_id);
    const rate = commission(now?.id);
    if (rate !== 'unchanged' && rate.id !== now?.id) {
      preview.changes.push({ ...base, field: 'commission', before: now?.commission ?? null, after: rate.commission, value: rate.id });
    }
  }
  for (const { price, groupId, index } of located.values()) {
    if (!seen.has(price.id)) preview.missing.push({ priceId: price.id, groupId, index });
  }
  return { ok: true, preview };
}

/** Rates sheet cells of this season whose value differs from the model's rate or the season's currency rate. */
function ratesEdits(rates: SheetCells, current: SheetSeason): string[] {
  const season = current.tour_season;
  const edits: string[] = [];
  const differs = (row: number, column: string, label: string, now: number | null | undefined) => {
    const value = rates.getCell(`${column}${row}`).value;
    const number = formulaOf(value) === undefined ? value : (value as { result?: unknown }).result;
    if (typeof number === 'number' && number !== now)
      edits.push(
        `${RATES_SHEET} ${column}${row}: ${label} ${now ?? '—'} -> ${number} is not imported (rates are changed on the pricing model and the currency)`,
      );
  };
  for (let row = 2; row <= rates.rowCount; row++) {
    if (rates.getCell(`H${row}`).value === season.season_name) differs(row, 'J', `${season.currency?.name ?? 'currency'} rate`, season.currency?.rate);
    if (rates.getCell(`A${row}`).value !== season.season_name) continue;
    const rate = season.model?.rates.find((candidate) => candidate.id === rates.getCell(`C${row}`).value);
    if (rate === undefined) continue;
    differs(row, 'D', `rate ${rate.id} commission`, rate.commission);
    differs(row, 'E', `rate ${rate.id} markup`, rate.markup);
    differs(row, 'F', `rate ${rate.id} supplement markup`, rate.supplement_markup);
  }
  return edits;
}

const formulaOf = (value: CellValue): string | undefined =>
  value !== null && typeof value === 'object' && 'formula' in value && typeof value.formula === 'string' ? value.formula : undefined;
/**
 * Formula texts compared without spaces, `$` and case, numbers by value (LibreOffice saves `.9`
 * as `0.9`), a range's ends in row order (a sort may swap them).
 */
function sameFormula(a: string, b: string): boolean {
  const normal = (text: string) =>
    text
      .replace(/[\s$]/g, '')
      .toUpperCase()
      .replace(/(?<![A-Z\d.])(?:\d+\.?\d*|\.\d+)(?:E[+-]?\d+)?/g, (literal) => String(Number(literal)))
      .replace(/([A-Z]+)(\d+):([A-Z]+)(\d+)/g, (range, from: string, low: string, to: string, high: string) =>
        Number(low) > Number(high) ? `${to}${high}:${from}${low}` : range,
      );
  return normal(a) === normal(b);
}

/** A cell as a refusal quotes it: its formula, the code of an error ('#DIV/0!'), or its value. */
const quoted = (value: CellValue): string =>
  formulaOf(value) ?? (value !== null && typeof value === 'object' && 'error' in value ? value.error : String(value));

/** A name cell as text: empty for none. */
const text = (value: CellValue) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * An added row's label texts, a day as YYYY-MM-DD; or why the row is not imported: a day that is
 * not one is named rather than the row given another date.
 */
function addedLabels(layout: SheetLayout, row: SheetRow): AddedRow['labels'] | string {
  const labels: AddedRow['labels'] = {};
  for (const header of layout.labels) {
    const value = row.read(header);
    if (!layout.dates?.includes(header)) {
      labels[header] = text(value);
      continue;
    }
    const day = sheetDay(value);
    if (day === undefined) return `${row.where(header)}: '${text(value) || String(value)}' is not a date (use dd/mm/yyyy): the row is not imported`;
    labels[header] = day ?? '';
  }
  return labels;
}

/**
 * A number held as text ('1,250.00', '€1,234.50', '(120.00)': typed into a text cell, or pasted
 * from another program) read as a paste into the grid reads it (normaliseNumberText), with its
 * refusals: undefined when the text is no number at all, so the caller says what the cell must be.
 */
function numberText(row: SheetRow, header: PriceSheetHeader, value: string): number | undefined {
  const read = normaliseNumberText(value);
  if (read.ok) return read.value;
  if (read.reason === 'Not a number') return undefined;
  throw new Refusal(`${row.where(header)}: '${value.trim()}': ${read.reason}`);
}

/** A money cell: a number (or a number held as text) a typed one could be (price-input-rules.ts), or empty for 0. */
function money(row: SheetRow, header: 'Non-com' | 'Adjustment'): number {
  const value = row.read(header);
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number' && Number.isFinite(value)) return followingRules(row, header, value);
  const read = typeof value === 'string' ? numberText(row, header, value) : undefined;
  if (read === undefined) throw new Refusal(`${row.where(header)}: '${quoted(value)}' is not a number`);
  return followingRules(row, header, read);
}

const FIELDS: Record<'Gross' | 'Non-com' | 'Adjustment', PriceInputField> = { Gross: 'gross', 'Non-com': 'non_com', Adjustment: 'adjustment' };

/** The number of a money cell, refused naming the cell when a typed one could not hold it (a negative gross...). */
function followingRules(row: SheetRow, header: keyof typeof FIELDS, value: number): number {
  const problem = priceInputProblem(FIELDS[header], value);
  if (problem !== null) throw new Refusal(`${row.where(header)}: ${problem}`);
  return value;
}

// A cell address in a formula, not a function name (LOG10( is a function, LOG10 a cell).
const CELL_REFERENCE = /(?<![A-Za-z0-9_.!$])\$?([A-Za-z]{1,3})\$?(\d+)(?![A-Za-z0-9_(])/g;

/** The Gross cell as the grid's gross: a number, or a formula in the grid's language (`[n]` of `scope`). */
function importedGross(layout: SheetLayout, row: SheetRow, grossColumn: string, priceAtRow: ReadonlyMap<number, number>, scope: Scope): ImportedGross {
  const value = row.read('Gross');
  if (typeof value === 'number' && Number.isFinite(value)) return { formula: null, gross: followingRules(row, 'Gross', value) };
  const typed = typeof value === 'string' ? numberText(row, 'Gross', value) : undefined;
  if (typed !== undefined) return { formula: null, gross: followingRules(row, 'Gross', typed) };
  const formula = formulaOf(value);
  if (formula === undefined) throw new Refusal(`${row.where('Gross')}: '${quoted(value)}' is not a number or an allowed formula`);
  if (formula.includes('!')) throw new Refusal(`${row.where('Gross')}: =${formula} refers to another sheet: a gross formula may refer to Gross cells only`);
  const grid = formula.replace(CELL_REFERENCE, (_, column: string, sheetRow: string) => {
    if (column.toUpperCase() !== grossColumn)
      throw new Refusal(`${row.where('Gross')}: =${formula} refers to ${column}${sheetRow}, outside the Gross column (${grossColumn})`);
    const priceId = priceAtRow.get(Number(sheetRow));
    const index = priceId === undefined ? undefined : scope.indexOf.get(priceId);
    if (index === undefined) {
      const what = layout.references === 'group' ? `${layout.rowNoun.toLowerCase()} of the same ${layout.groupNoun.toLowerCase()}` : 'price of this season';
      throw new Refusal(`${row.where('Gross')}: =${formula} refers to ${column}${sheetRow}, which is not a ${what}`);
    }
    return `[${index}]`;
  });
  const problem = formulaProblem(grid);
  if (problem !== undefined) throw new Refusal(`${row.where('Gross')}: =${formula} is not an allowed formula (${problem})`);
  return { formula: grid, gross: null };
}

/**
 * The rate a Commission cell names: 'unchanged' for the exported reference to the row's rate (or
 * an empty cell), another Rates row's rate, or a typed percentage read as a pasted one is (the
 * row's own rate kept when it has that percentage).
 */
function importedRate(
  row: SheetRow,
  modelRates: readonly MarkupRate[],
  rateIdAtRatesRow: (ratesRow: number) => number | undefined,
  currentRateId: number | undefined,
): MarkupRate | 'unchanged' {
  const value = row.read('Commission');
  if (value === null || value === undefined || value === '') return 'unchanged';
  const formula = formulaOf(value);
  if (formula !== undefined) {
    const match = /^Rates!\$?D\$?(\d+)$/i.exec(formula.trim());
    const rate = match === null ? undefined : modelRates.find((candidate) => candidate.id === rateIdAtRatesRow(Number(match[1])));
    if (rate === undefined) throw new Refusal(`${row.where('Commission')}: =${formula} is not a rate of the season's model`);
    return rate;
  }
  // '12.5%' held as text is the percentage a pasted '12.5%' is.
  const percent = typeof value === 'number' ? value : typeof value === 'string' ? readPercentText(value) : undefined;
  if (percent === undefined) throw new Refusal(`${row.where('Commission')}: '${quoted(value)}' is not a percentage`);
  const matches = modelRates.filter((rate) => rate.commission === percent);
  if (matches.length === 1) return matches[0];
  const kept = matches.find((rate) => rate.id === currentRateId);
  if (kept !== undefined) return kept;
  if (matches.length === 0) throw new Refusal(`${row.where('Commission')}: no rate of ${percent}% in the season's model`);
  throw new Refusal(`${row.where('Commission')}: ${percent}% is more than one rate of the season's model: pick one in the grid`);
}
