// The price workbook behind one open price grid: a HyperFormula engine holding each row's gross
// (a number or a `[n]` formula), its inputs and its computed net, subtotal, cost and profit cells
// priced from the season model's rates and currency rate (see workbook-layout.ts). Edits go
// through methods that return only the rows whose results changed, taken from the engine's change
// list, so a grid can refresh just those.
//
// A grid prices in cells at every size, so a money defect cannot live at one size only. A season
// holds at most MAX_PRICES_PER_SEASON rows: at 2,000 rows the workbook builds in about 0.2 s and
// reprices a model-rate change in about 50 ms (npm run bench). Whole-season and cross-tour work
// (the server's recomputes, /pgt) price with domain/price-maths instead, held equal to these
// cells by tests/unit/price-workbook-maths.test.ts.
//
// A TypeScript mirror of every row keeps the typed formula text (the engine would normalise it,
// `.9` -> `0.9`), the engine's last reported values and the row's result, so reads never scan
// the sheet.

import { type CellValue, DetailedCellError, ExportedCellChange, HyperFormula, type ExportedChange } from 'hyperformula';
import { type MarkupRate, type MissingPriceInput, type PriceKind, effectiveRateId, isUsableCurrencyRate } from '../domain/price-maths';
import { followEngineReferences, hasAnyReference, rowBeyond } from './formula-references';
import type { ChangedRow, PriceRowOutcome, PriceRowState, RowError, TypedPriceRow } from './price-rows';
import { assertFinite, grossCellContent, readGrossEntry, validInput, validRate } from './row-input';
import { cellValues, grossOutcome, sameOutcome } from './row-outcome';
import { ENGINE_CONFIG, PRICE_COLUMNS, SHEETS, computedCells, rateCells } from './workbook-layout';

export type PriceWorkbookSetup = {
  rows: readonly TypedPriceRow[];
  /** The season model's rates. */
  rates: readonly MarkupRate[];
  /** The season's foreign units per pound; null, 0 or less when the season has none. */
  currencyRate: number | null;
  kind: PriceKind;
};

export type EditableField = 'non_com' | 'adjustment' | 'markup_rate_id';
export type RateChange = Partial<Omit<MarkupRate, 'id'>>;

type RowRecord = {
  input: TypedPriceRow;
  hasReferences: boolean;
  /**
   * Whether the engine holds this row's formula as an error because it refers past the last row
   * (grossCellContent): such a cell has no references for the engine to move, and is rewritten
   * when inserted or removed rows bring its rows into (or out of) the grid.
   */
  far: boolean;
  /** The engine's values: gross, net, subtotal, cost, profit. */
  cells: CellValue[];
  result: PriceRowOutcome | undefined;
};

const CELL_COLUMNS: readonly number[] = [PRICE_COLUMNS.gross, PRICE_COLUMNS.net, PRICE_COLUMNS.subtotal, PRICE_COLUMNS.cost, PRICE_COLUMNS.profit];

export class PriceWorkbook {
  private readonly engine: HyperFormula;
  private readonly kind: PriceKind;
  private readonly pricesSheet: number;
  private readonly rows: RowRecord[];
  private readonly rates = new Map<number, MarkupRate>();
  /** Rate id -> row of the Rates sheet. A removed rate's sheet row is left unused. */
  private readonly rateRows = new Map<number, number>();
  private currencyRate: number | null;

  constructor(setup: PriceWorkbookSetup) {
    this.kind = setup.kind;
    this.currencyRate = setup.currencyRate;
    for (const rate of setup.rates) this.rememberRate(validRate(rate));
    this.rows = setup.rows.map((input) => newRecord(validInput(input)));
    const prices = this.rows.map((record, row) => this.rowContent(record, row));
    const pricing = { [SHEETS.rates]: [...this.rates.values()].map(rateCells), [SHEETS.season]: [[this.currencyCell()]] };
    this.engine = HyperFormula.buildFromSheets({ [SHEETS.prices]: prices, ...pricing }, ENGINE_CONFIG);
    this.pricesSheet = this.sheetId(SHEETS.prices);
    const values = this.engine.getSheetValues(this.pricesSheet);
    this.rows.forEach((record, row) => {
      record.cells = CELL_COLUMNS.map((col) => values[row]?.[col] ?? null);
    });
    this.rows.forEach((record, row) => {
      record.result = this.computeOutcome(row);
    });
  }

  get rowCount(): number {
    return this.rows.length;
  }

  /** Sets a row's gross from what was typed: a number, a formula without '=', or empty for none (GROSS_MISSING). */
  setGross(row: number, typed: string | number | null): ChangedRow[] {
    const record = this.record(row);
    const entry = readGrossEntry(typed);
    record.input = { ...record.input, ...entry };
    record.hasReferences = hasReferences(entry.formula);
    const changes = this.engine.setCellContents(this.cell(row, PRICE_COLUMNS.gross), this.grossContent(record));
    return this.settle(changes, [row]);
  }

  setField(row: number, field: 'non_com' | 'adjustment', value: number): ChangedRow[];
  setField(row: number, field: 'markup_rate_id', value: number | null): ChangedRow[];
  setField(row: number, field: EditableField, value: number | null): ChangedRow[] {
    const record = this.record(row);
    if (field === 'markup_rate_id') {
      record.input = { ...record.input, markup_rate_id: value === null ? null : assertFinite(value, field) };
      return this.settle(this.writeComputedCells([row]), [row]);
    }
    if (value === null) throw new RangeError(`${field} cannot be empty`);
    record.input = { ...record.input, [field]: assertFinite(value, field) };
    const changes = this.engine.setCellContents(this.cell(row, PRICE_COLUMNS[field]), value);
    return this.settle(changes, [row]);
  }

  /** Changes a model rate; an unknown id adds the rate (missing fields 0, as a new model rate starts). */
  setRate(rateId: number, change: RateChange): ChangedRow[] {
    const known = this.rates.get(rateId);
    const rate = validRate({ id: rateId, commission: 0, markup: 0, supplement_markup: 0, ...known, ...definedFields(change) });
    if (known === undefined) this.rememberRate(rate);
    else this.rates.set(rateId, rate);
    const users = this.rowsUsingRate(rateId);
    const changes = this.engine.batch(() => {
      this.engine.setCellContents(this.rateCell(rateId), [rateCells(rate)]);
      // Rows that had no rate were written with constants; they now point at the new rate's cells.
      if (known === undefined) this.writeComputedCells(users);
    });
    return this.settle(changes, [], known === undefined ? users : []);
  }

  /** Removes a rate from the model: rows using it lose their price (see computePrice). */
  removeRate(rateId: number): ChangedRow[] {
    if (!this.rates.delete(rateId)) return [];
    this.rateRows.delete(rateId);
    const users = this.rowsUsingRate(rateId);
    const changes = this.engine.batch(() => this.writeComputedCells(users));
    return this.settle(changes, [], users);
  }

  setCurrencyRate(currencyRate: number | null): ChangedRow[] {
    const wasUsable = isUsableCurrencyRate(this.currencyRate);
    this.currencyRate = currencyRate;
    const changes = this.engine.setCellContents(this.seasonCell(), this.currencyCell());
    // `missing` comes from the rate itself, so every row is rechecked when it becomes (un)usable.
    return this.settle(changes, [], wasUsable === isUsableCurrencyRate(currencyRate) ? [] : this.allRows());
  }

  /** Inserts rows before row `at` (rowCount appends); their `[n]` count rows as they are after the insert. */
  insertRows(at: number, inputs: readonly TypedPriceRow[]): ChangedRow[] {
    if (!Number.isInteger(at) || at < 0 || at > this.rows.length) throw new RangeError(`Cannot insert at row ${at}`);
    if (inputs.length === 0) return [];
    const records = inputs.map((input) => newRecord(validInput(input)));
    this.rows.splice(at, 0, ...records);
    const changes = this.engine.batch(() => {
      this.engine.addRows(this.pricesSheet, [at, records.length]);
      this.engine.setCellContents(
        this.cell(at, 0),
        records.map((record, i) => this.rowContent(record, at + i)),
      );
    });
    const inserted = records.map((record, i) => {
      record.cells = CELL_COLUMNS.map((col) => this.engine.getCellValue(this.cell(at + i, col)));
      return at + i;
    });
    return this.afterRowsMoved(changes, inserted);
  }

  removeRows(at: number, count: number): ChangedRow[] {
    this.assertRange(at, count);
    if (count === 0) return [];
    this.rows.splice(at, count);
    const changes = this.engine.removeRows(this.pricesSheet, [at, count]);
    return this.afterRowsMoved(changes);
  }

  /**
   * Moves `count` rows starting at `from` so that the first of them ends up at row `to` (counted
   * after the move). References follow the rows they point at, as in a spreadsheet.
   */
  moveRows(from: number, count: number, to: number): ChangedRow[] {
    this.assertRange(from, count);
    if (!Number.isInteger(to) || to < 0 || to > this.rows.length - count) throw new RangeError(`Cannot move rows to ${to}`);
    if (count === 0 || to === from) return [];
    const moved = this.rows.splice(from, count);
    this.rows.splice(to, 0, ...moved);
    // HyperFormula's target is the row before which the block goes, counted before the move.
    const changes = this.engine.moveRows(this.pricesSheet, from, count, to > from ? to + count : to);
    return this.afterRowsMoved(changes);
  }

  getFormula(row: number): string | null {
    return this.record(row).input.formula;
  }

  /** The row as stored (a formula row's gross is its value, 0 while in error) and its result. */
  getRow(row: number): PriceRowState {
    const { input, result = this.computeOutcome(row) } = this.record(row);
    return { input: { ...input, gross: 'error' in result ? 0 : result.gross }, result };
  }

  getRows(): PriceRowState[] {
    return this.rows.map((_, row) => this.getRow(row));
  }

  /** Rows whose gross cannot be evaluated; any of them blocks a save. */
  getErrors(): RowError[] {
    return this.rows.flatMap((record, row) => (record.result !== undefined && 'error' in record.result ? [{ row, message: record.result.error }] : []));
  }

  getRates(): MarkupRate[] {
    return [...this.rates.values()];
  }

  getCurrencyRate(): number | null {
    return this.currencyRate;
  }

  destroy(): void {
    this.engine.destroy();
  }

  private sheetId(name: string): number {
    const id = this.engine.getSheetId(name);
    if (id === undefined) throw new Error(`The workbook has no ${name} sheet`);
    return id;
  }

  private record(row: number): RowRecord {
    const record = this.rows[row];
    if (record === undefined) throw new RangeError(`There is no row ${row}`);
    return record;
  }

  private assertRange(at: number, count: number): void {
    const valid = Number.isInteger(at) && Number.isInteger(count) && at >= 0 && count >= 0 && at + count <= this.rows.length;
    if (!valid) throw new RangeError(`Rows ${at}..${at + count - 1} are not in the grid`);
  }

  private allRows(): number[] {
    return this.rows.map((_, row) => row);
  }

  private cell(row: number, col: number) {
    return { sheet: this.pricesSheet, row, col };
  }

  private rateCell(rateId: number) {
    return { sheet: this.sheetId(SHEETS.rates), row: this.rateRows.get(rateId) ?? 0, col: 0 };
  }

  private seasonCell() {
    return { sheet: this.sheetId(SHEETS.season), row: 0, col: 0 };
  }

  private rememberRate(rate: MarkupRate): void {
    this.rates.set(rate.id, rate);
    this.rateRows.set(rate.id, this.rateRows.size === 0 ? 0 : Math.max(...this.rateRows.values()) + 1);
  }

  private currencyCell(): number {
    return isUsableCurrencyRate(this.currencyRate) ? this.currencyRate : 0;
  }

  private rowContent(record: RowRecord, row: number): (string | number | null)[] {
    const { input } = record;
    const rateRow = this.rateRows.get(effectiveRateId(input.markup_rate_id));
    return [this.grossContent(record), input.non_com, input.adjustment, ...computedCells(row, rateRow, this.kind)];
  }

  /** The engine content of a row's gross at the current row count, noting whether it refers past the last row. */
  private grossContent(record: RowRecord): string | number | null {
    record.far = record.input.formula !== null && rowBeyond(record.input.formula, this.rows.length) !== undefined;
    return grossCellContent(record.input, this.rows.length);
  }

  /** After rows were inserted, removed or moved: references followed, far formulas rechecked, results settled. */
  private afterRowsMoved(changes: ExportedChange[], always: readonly number[] = []): ChangedRow[] {
    const followed = this.followReferences();
    const rewritten: number[] = [];
    // Rows still far are rechecked too: their message names the last row.
    const stillFar: number[] = [];
    const farChanges = this.engine.batch(() => {
      this.rows.forEach((record, row) => {
        if (!record.hasReferences || record.input.formula === null) return;
        const far = rowBeyond(record.input.formula, this.rows.length) !== undefined;
        if (record.far === far) {
          if (far) stillFar.push(row);
          return;
        }
        this.engine.setCellContents(this.cell(row, PRICE_COLUMNS.gross), this.grossContent(record));
        rewritten.push(row);
      });
    });
    return this.settle([...changes, ...farChanges], [...always, ...followed, ...rewritten], stillFar);
  }

  /** Points rows' computed cells at their current rate (callers batch several rows). */
  private writeComputedCells(rows: readonly number[]): ExportedChange[] {
    return rows.flatMap((row) => {
      const rateRow = this.rateRows.get(effectiveRateId(this.rows[row].input.markup_rate_id));
      return this.engine.setCellContents(this.cell(row, PRICE_COLUMNS.net), [computedCells(row, rateRow, this.kind)]);
    });
  }

  private rowsUsingRate(rateId: number): number[] {
    return this.rows.flatMap((record, row) => (effectiveRateId(record.input.markup_rate_id) === rateId ? [row] : []));
  }

  /** Rewrites typed formulas whose references the engine moved; returns their rows. */
  private followReferences(): number[] {
    const rewritten: number[] = [];
    this.rows.forEach((record, row) => {
      // A far formula's cell is an error without references: its typed text stays as it is.
      if (record.input.formula === null || !record.hasReferences || record.far) return;
      const engineFormula = this.engine.getCellFormula(this.cell(row, PRICE_COLUMNS.gross)) ?? '';
      const followed = followEngineReferences(record.input.formula, engineFormula);
      if (followed === record.input.formula) return;
      record.input = { ...record.input, formula: followed };
      record.hasReferences = hasReferences(followed);
      rewritten.push(row);
    });
    return rewritten;
  }

  /**
   * Takes the engine's changes into the mirror and recomputes the results of the rows they touch
   * and of `recheck`. Returns the rows whose result changed, and `always` whatever happened.
   */
  private settle(changes: readonly ExportedChange[], always: readonly number[], recheck: readonly number[] = []): ChangedRow[] {
    const candidates = new Set([...always, ...recheck]);
    for (const change of changes) {
      if (!(change instanceof ExportedCellChange) || change.sheet !== this.pricesSheet) continue;
      const slot = CELL_COLUMNS.indexOf(change.col);
      const record = this.rows[change.row];
      if (slot === -1 || record === undefined) continue;
      record.cells[slot] = change.newValue;
      candidates.add(change.row);
    }
    const forced = new Set(always);
    const changed: ChangedRow[] = [];
    const settleRow = (row: number) => {
      const record = this.rows[row];
      const result = this.computeOutcome(row);
      if (forced.has(row) || !sameOutcome(record.result, result)) changed.push({ row, ...result });
      record.result = result;
    };
    for (const row of [...candidates].sort((a, b) => a - b)) settleRow(row);
    // A row in error names the first row its error comes from. The engine reports no change for a
    // cell that stays in error, so when any result changed, rows in error are read again: their
    // message may now name another row (errors are few; this does not scan a healthy grid's cells).
    if (changed.length > 0) {
      this.rows.forEach((record, row) => {
        if (!candidates.has(row) && record.result !== undefined && 'error' in record.result) settleRow(row);
      });
      changed.sort((a, b) => a.row - b.row);
    }
    return changed;
  }

  private computeOutcome(row: number): PriceRowOutcome {
    const { input, cells } = this.rows[row];
    const gross = grossOutcome(input.formula, cells[0], (other) => this.grossIsError(other), this.rows.length);
    if (typeof gross !== 'number') return gross;
    const rate = this.rates.get(effectiveRateId(input.markup_rate_id));
    return cellValues(gross, cells.slice(1), this.missingInput(rate !== undefined));
  }

  /** What computePrice would report missing, for results read from cells. */
  private missingInput(hasRate: boolean): MissingPriceInput | undefined {
    if (!hasRate) return 'markup-rate';
    return isUsableCurrencyRate(this.currencyRate) ? undefined : 'currency-rate';
  }

  private grossIsError(row: number): boolean {
    return this.rows[row]?.cells[0] instanceof DetailedCellError;
  }
}

function newRecord(input: TypedPriceRow): RowRecord {
  return { input, hasReferences: hasReferences(input.formula), far: false, cells: [], result: undefined };
}

function hasReferences(formula: string | null): boolean {
  return formula !== null && hasAnyReference(formula);
}

function definedFields(change: RateChange): RateChange {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}
