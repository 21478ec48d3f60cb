// Shared shape of benchmark results and a plain-text table printer.

export type BenchRow = {
  name: string;
  /** The measurement (median milliseconds, or KB where the target says KB), which the target applies to. */
  ms: number;
  /** What it is compared with, named in `name` (a plain loop, a smaller season, a cached answer...). */
  comparedMs: number;
  /** ms / comparedMs. */
  ratio: number;
  /** The target this measurement is held to, when it has one (e.g. '< 5 ms'). */
  target?: string;
};

/** Reads '< 5 ms' (or '< 250 KB') style targets; undefined when there is none to check. */
export function targetMet(row: BenchRow): boolean | undefined {
  const match = row.target === undefined ? null : /<\s*([\d.,]+)\s*(?:ms|KB)/.exec(row.target);
  return match === null ? undefined : row.ms < Number(match[1].replace(/,/g, ''));
}

export const formatMs = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));

export function formatBenchTable(rows: readonly BenchRow[]): string {
  const header = ['measurement', 'ms', 'compared ms', 'ratio', 'target'];
  const verdict = (row: BenchRow) => {
    const met = targetMet(row);
    return met === undefined ? '' : `${row.target} ${met ? 'met' : 'MISSED'}`;
  };
  const body = rows.map((row) => [row.name, formatMs(row.ms), formatMs(row.comparedMs), `${row.ratio.toFixed(1)}x`, verdict(row)]);
  const widths = header.map((title, col) => Math.max(title.length, ...body.map((cells) => cells[col].length)));
  const line = (cells: string[]) => cells.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}
