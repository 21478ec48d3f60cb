/** One kind of problem in one table, with the rows it touched and the values at fault. */
export type ImportWarning = { table: string; problem: string; rows: number[]; values: string[] };

export type WarningLog = {
  add: (table: string, problem: string, row: number, value?: string | number) => void;
  list: () => ImportWarning[];
};

/** Collects warnings grouped by table and problem, so a summary says "273 rows" once, not 273 times. */
export function createWarningLog(): WarningLog {
  const byKey = new Map<string, ImportWarning>();
  return {
    add(table, problem, row, value) {
      const key = `${table}\u0000${problem}`;
      const warning = byKey.get(key) ?? { table, problem, rows: [], values: [] };
      byKey.set(key, warning);
      warning.rows.push(row);
      if (value !== undefined && !warning.values.includes(String(value))) warning.values.push(String(value));
    },
    list: () => [...byKey.values()],
  };
}
