// Net and cost as the server would store them. The server is the authority on prices: every
// row whose grid has its markup rate and a season rate is priced by the same engine the grid
// uses; a row without them keeps the net and cost the legacy system stored (they were typed by
// hand). Formulas are unescaped and their legacy `[id]` references become grid rows.

import { evaluatePriceRows } from '../../../formulas/evaluate-price-rows.js';
import { legacyFormulaToGridFormula, unescapeLegacyFormula } from '../../../formulas/legacy-formula.js';
import { isPriceRowError, type PriceRowInput } from '../../../formulas/price-rows.js';
import { readGrossEntry } from '../../../formulas/row-input.js';
import type { GridPositions } from './grid-positions.js';
import type { WarningLog } from './import-warnings.js';
import { type LegacyPriceGrid, type LegacyPriceRow, type PriceTable, PRICE_TABLES, legacyPriceGrids } from './legacy-price-grids.js';
import type { LegacyData } from './legacy-tables.js';

export type StoredPriceColumns = Omit<LegacyPriceRow, 'id'>;

export type PriceDifference = { table: PriceTable; id: number; stored: number; computed: number };

export type PricingReport = {
  /** Rows priced by the engine, per table. */
  priced: Record<PriceTable, number>;
  /** Rows that kept their stored net and cost (no markup rate in the model, or no season rate). */
  keptStored: Record<PriceTable, number>;
  /** Engine cost differs from the stored cost. */
  costDifferences: PriceDifference[];
  /** Net or gross differs from the stored value by half a penny or more. */
  netDifferences: PriceDifference[];
  grossDifferences: PriceDifference[];
  /** Rows whose net or gross differ by less than half a penny: legacy kept them as float32. */
  float32Noise: number;
  formulasUnescaped: number;
  referencesResolved: number;
  /** Formulas that were only a number ('769'): stored as a plain gross, formula empty. */
  numbersFromFormulas: number;
};

export type RepricedRows = { columns: Record<PriceTable, Map<number, StoredPriceColumns>>; report: PricingReport };

// Legacy stored gross and net as float32 (991.666992 for 991.666...): closer than this is noise.
const NOISE = 0.005;

const perTable = <T>(make: () => T) => Object.fromEntries(PRICE_TABLES.map((table) => [table, make()])) as Record<PriceTable, T>;

export function repriceLegacyRows(data: LegacyData, positions: GridPositions, warnings: WarningLog): RepricedRows {
  const report: PricingReport = {
    priced: perTable(() => 0),
    keptStored: perTable(() => 0),
    costDifferences: [],
    netDifferences: [],
    grossDifferences: [],
    float32Noise: 0,
    formulasUnescaped: 0,
    referencesResolved: 0,
    numbersFromFormulas: 0,
  };
  const columns = perTable(() => new Map<number, StoredPriceColumns>());
  const grossOfId = perTable(() => new Map<number, number>());
  const grids = legacyPriceGrids(data, positions);
  for (const grid of grids) for (const row of grid.rows) grossOfId[grid.table].set(row.id, row.gross);
  for (const grid of grids) {
    const stored = repriceGrid(grid, grossOfId[grid.table], report, warnings);
    grid.rows.forEach((row, index) => columns[grid.table].set(row.id, stored[index]));
  }
  return { columns, report };
}

function repriceGrid(grid: LegacyPriceGrid, grossOfId: Map<number, number>, report: PricingReport, warnings: WarningLog): StoredPriceColumns[] {
  const rowOfId = new Map(grid.rows.map((row, index) => [row.id, index]));
  const lookup = { rowOfId: (id: number) => rowOfId.get(id), grossOfId: (id: number) => grossOfId.get(id) };
  const inputs = grid.rows.map((row): PriceRowInput => {
    const base = { gross: row.gross, non_com: row.non_com, adjustment: row.adjustment, markup_rate_id: row.markup_rate_id };
    if (row.formula === null || row.formula.trim() === '') return { ...base, formula: null };
    if (unescapeLegacyFormula(row.formula) !== row.formula) report.formulasUnescaped++;
    if (/\[\d+\]/.test(row.formula)) report.referencesResolved++;
    // A formula that is only a number ('54.40') is a plain gross, as the grid stores typed numbers.
    const entry = readGrossEntry(legacyFormulaToGridFormula(row.formula, lookup));
    if (entry.formula === null) report.numbersFromFormulas++;
    return { ...base, ...entry, gross: entry.formula === null ? (entry.gross ?? row.gross) : row.gross };
  });
  const outcomes = evaluatePriceRows(inputs, grid.rates, grid.currencyRate, grid.kind);
  return grid.rows.map((row, index) => {
    const input = inputs[index];
    const outcome = outcomes[index];
    const kept = { ...input, net: row.net, cost: row.cost };
    if (isPriceRowError(outcome)) {
      warnings.add(grid.table, 'formula cannot be evaluated: stored gross, net and cost kept', row.id, `${input.formula}: ${outcome.error}`);
      report.keptStored[grid.table]++;
      return kept;
    }
    let noise = noteDifference(report.grossDifferences, grid.table, row.id, row.gross, outcome.gross);
    if (outcome.missing !== undefined) {
      if (outcome.missing === 'markup-rate' && row.markup_rate_id !== null) {
        warnings.add(grid.table, "markup_rate_id is not a rate of the tour season's model: stored net and cost kept", row.id, row.markup_rate_id);
      } else if (outcome.missing === 'currency-rate') {
        warnings.add(grid.table, 'the tour season has no season rate for its currency: stored net and cost kept', row.id);
      }
      report.keptStored[grid.table]++;
      if (noise) report.float32Noise++;
      return { ...kept, gross: outcome.gross };
    }
    report.priced[grid.table]++;
    noise = noteDifference(report.netDifferences, grid.table, row.id, row.net, outcome.net) || noise;
    if (noise) report.float32Noise++;
    if (outcome.cost !== row.cost) report.costDifferences.push({ table: grid.table, id: row.id, stored: row.cost, computed: outcome.cost });
    return { ...input, gross: outcome.gross, net: outcome.net, cost: outcome.cost };
  });
}

/** Lists a real difference; returns true for one within float32 noise. */
function noteDifference(list: PriceDifference[], table: PriceTable, id: number, stored: number, computed: number): boolean {
  if (stored === computed) return false;
  if (Math.abs(stored - computed) < NOISE) return true;
  list.push({ table, id, stored, computed });
  return false;
}
