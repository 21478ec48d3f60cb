import type { LegacyImportSummary } from './import-legacy-data.js';
import type { PriceDifference } from './reprice-legacy-rows.js';

const MAX_LISTED = 20;

const count = (value: number) => value.toLocaleString('en-GB');
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;
const listed = (values: readonly (string | number)[]) =>
  values.length <= MAX_LISTED ? values.join(', ') : `${values.slice(0, MAX_LISTED).join(', ')}, ... (${count(values.length)} in all)`;

function differences(title: string, rows: readonly PriceDifference[]): string[] {
  if (rows.length === 0) return [`${title}: none`];
  return [`${title}: ${count(rows.length)}`, ...rows.slice(0, MAX_LISTED).map((row) => `  ${row.table} ${row.id}: stored ${row.stored}, now ${row.computed}`)];
}

/** The import's report for a person: rows per table, prices, warnings, time. */
export function formatImportSummary(summary: LegacyImportSummary): string {
  const lines: string[] = [];
  lines.push(summary.dryRun ? 'Dry run: checked and rolled back, nothing was written.' : 'Legacy import committed.');
  const header = ['table', 'in file', 'skipped', 'inserted', 'updated', 'unchanged'];
  const rows = Object.entries(summary.tables).map(([table, c]) => [table, ...[c.inFile, c.skipped, c.inserted, c.updated, c.unchanged].map(count)]);
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index].length)));
  for (const row of [header, ...rows])
    lines.push(row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  '));

  const { pricing } = summary;
  const sum = (values: Record<string, number>) => Object.values(values).reduce((total, value) => total + value, 0);
  const perTable = (values: Record<string, number>) =>
    Object.entries(values)
      .map(([table, value]) => `${table} ${count(value)}`)
      .join(', ');
  lines.push('');
  lines.push(`Priced by the engine: ${count(sum(pricing.priced))} (${perTable(pricing.priced)})`);
  lines.push(`Kept the stored net and cost (no markup rate or season rate): ${count(sum(pricing.keptStored))} (${perTable(pricing.keptStored)})`);
  lines.push(
    `Formulas unescaped: ${count(pricing.formulasUnescaped)}; legacy [id] references resolved: ${count(pricing.referencesResolved)}; ` +
      `formulas that were only a number, stored as a plain gross: ${count(pricing.numbersFromFormulas)}`,
  );
  lines.push(...differences('Cost differs from the stored cost', pricing.costDifferences));
  lines.push(...differences('Gross differs from the stored gross (formula evaluated)', pricing.grossDifferences));
  lines.push(...differences('Net differs from the stored net', pricing.netDifferences));
  lines.push(`Rows differing from the stored gross or net by less than half a penny (legacy float32): ${count(pricing.float32Noise)}`);
  const bumped = summary.versionsBumped;
  if (bumped.tour_seasons + bumped.markup_models > 0) {
    lines.push(`New versions for changed children: ${count(bumped.tour_seasons)} tour seasons, ${count(bumped.markup_models)} markup models`);
  }
  lines.push(
    summary.history.changeSetId === null
      ? 'Price history: no price changed, no change set written'
      : `Price history: change set ${summary.history.changeSetId}${summary.dryRun ? ' (rolled back)' : ''}, ${count(summary.history.rows)} changed rows`,
  );

  lines.push('');
  if (summary.ignoredTables.length > 0) lines.push(`Tables not imported: ${summary.ignoredTables.join(', ')}`);
  lines.push(summary.warnings.length === 0 ? 'Warnings: none' : 'Warnings:');
  for (const warning of summary.warnings) {
    const values = warning.values.length > 0 ? `; values ${listed(warning.values)}` : '';
    const rows = `${count(warning.rows.length)} row${warning.rows.length === 1 ? '' : 's'}`;
    lines.push(`  ${warning.table}: ${warning.problem}: ${rows} (${listed(warning.rows)})${values}`);
  }
  lines.push('');
  const { milliseconds } = summary;
  lines.push(`Time: ${seconds(milliseconds.total)} (reading and checking ${seconds(milliseconds.read)}, pricing and writing ${seconds(milliseconds.write)})`);
  return lines.join('\n');
}
