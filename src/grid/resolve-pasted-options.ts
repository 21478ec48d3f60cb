import type { GridColumn } from './commands/grid-column';

type Option = { value: number | null; label: string };

/**
 * Choice columns (room type, commission...) store ids, but a block copied from a sheet holds
 * their labels ('Double', '20%'). Cells that land in such a column and match an option's label,
 * case and spaces aside, become that option's id, so pasteBlock stores the id; other cells are
 * left as copied and pasteBlock reports them.
 */
export function resolvePastedOptions(
  block: readonly (readonly string[])[],
  columns: readonly GridColumn[],
  focusColId: string,
  optionsFor: (field: string) => readonly Option[],
  choiceFields: readonly string[],
): string[][] {
  const start = columns.findIndex((column) => column.colId === focusColId);
  const targets = start < 0 ? [] : columns.slice(start).filter((column) => column.editable);
  // '20' finds the '20%' commission as well.
  const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/%$/, '');
  return block.map((cells) =>
    cells.map((text, c) => {
      const target = targets[c];
      if (!target || !choiceFields.includes(target.colId) || text.trim() === '') return text;
      const option = optionsFor(target.colId).find((candidate) => normal(candidate.label) === normal(text));
      if (option) return option.value === null ? '' : String(option.value);
      return text;
    }),
  );
}
