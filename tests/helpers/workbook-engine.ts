import type ExcelJS from 'exceljs';
import { HyperFormula } from 'hyperformula';

/** A sheet as HyperFormula reads it: formulas as `=` text, dates as 0 (no price formula reads them). */
function sheetContents(sheet: ExcelJS.Worksheet) {
  return Array.from({ length: sheet.rowCount }, (_, r) =>
    Array.from({ length: sheet.columnCount }, (_, c) => {
      const value = sheet.getRow(r + 1).getCell(c + 1).value;
      if (value instanceof Date) return 0;
      return value !== null && typeof value === 'object' && 'formula' in value ? `=${value.formula}` : (value as string | number | null);
    }),
  );
}

/** A spreadsheet engine holding the named sheets of an exported workbook, to recalculate them as Excel would. */
export function workbookEngine(workbook: ExcelJS.Workbook, sheetNames: readonly string[]): HyperFormula {
  return HyperFormula.buildFromSheets(Object.fromEntries(sheetNames.map((name) => [name, sheetContents(workbook.getWorksheet(name)!)])), {
    licenseKey: 'gpl-v3',
    smartRounding: false,
  });
}
