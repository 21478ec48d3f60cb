// Which tab's export a workbook is (issue 21, Import on the season's data export screen, which has
// no grid of its own): each tab exports one sheet named by its SheetLayout beside the Rates sheet
// (and, on request, a Price history sheet), so the workbook's sheet names say which tab it is.

import { BIKES_LAYOUT, EXTRA_NIGHTS_LAYOUT, PRICING_LAYOUT, SUPPLEMENTS_LAYOUT, type SheetLayout } from './price-sheet-layout';
import { NOT_XLSX_REFUSAL, sizeRefusal } from './price-sheet-import';
import { NotAnXlsxWorkbook, readXlsxSheetNames } from './read-xlsx-sheets';

/** The tabs whose sheets the import reads, in the order their names are listed in messages. */
export const TAB_LAYOUTS: readonly SheetLayout[] = [PRICING_LAYOUT, BIKES_LAYOUT, SUPPLEMENTS_LAYOUT, EXTRA_NIGHTS_LAYOUT];

export type Recognised = { layout: SheetLayout } | { refusal: string };

const listed = (names: readonly string[]) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);

/** The tab a workbook with these sheets was exported from, or why none is. */
export function recogniseSheet(sheetNames: readonly string[]): Recognised {
  const found = TAB_LAYOUTS.filter((layout) => sheetNames.includes(layout.sheet));
  if (found.length === 1) return { layout: found[0] };
  if (found.length === 0) {
    return { refusal: `The workbook has no ${listed(TAB_LAYOUTS.map((layout) => layout.sheet))} sheet: import a sheet this app exported` };
  }
  // The app never exports two tabs in one workbook: which one to compare would be a guess.
  const names = found.map((layout) => layout.sheet);
  return { refusal: `The workbook has ${names.slice(0, -1).join(', ')} and ${names.at(-1)} sheets: import the export of one tab` };
}

/** recogniseSheet of a file, refusing what the import refuses before reading any sheet (too large, not xlsx). */
export async function recogniseWorkbook(bytes: ArrayBuffer): Promise<Recognised> {
  const tooLarge = sizeRefusal(bytes);
  if (tooLarge !== undefined) return { refusal: tooLarge };
  try {
    return recogniseSheet(await readXlsxSheetNames(bytes));
  } catch (error) {
    if (error instanceof NotAnXlsxWorkbook) return { refusal: NOT_XLSX_REFUSAL };
    throw error;
  }
}
