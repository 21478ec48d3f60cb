// The lean xlsx reader of Import xlsx (issue 21): it must read what exceljs reads, for every kind
// of cell a spreadsheet program writes, and give a cell of a shared formula (Excel's fill-down)
// its own formula. The workbooks are written by exceljs, as Excel writes them.

import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { moveFormula, NotAnXlsxWorkbook, readXlsxSheets } from '../../src/formulas/read-xlsx-sheets';

async function bytesOf(workbook: ExcelJS.Workbook, options?: Partial<ExcelJS.XlsxWriteOptions>) {
  return (await workbook.xlsx.writeBuffer(options)) as ArrayBuffer;
}

describe('readXlsxSheets', () => {
  it('reads numbers, shared and inline strings with entities, booleans, errors and formulas with their results', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pricing');
    sheet.getCell('A1').value = 'Room & <Board> "quoted"';
    sheet.getCell('B1').value = 12.5;
    sheet.getCell('C1').value = true;
    sheet.getCell('D1').value = { error: '#N/A' } as ExcelJS.CellErrorValue;
    sheet.getCell('E1').value = { formula: 'B1*2', result: 25 } as ExcelJS.CellFormulaValue;
    sheet.getCell('F1').value = { formula: 'A1&"!"', result: 'x!' } as ExcelJS.CellFormulaValue;
    sheet.getCell('AB3').value = -0.001;
    workbook.addWorksheet('Other').getCell('A1').value = 1;
    for (const useSharedStrings of [true, false]) {
      const sheets = await readXlsxSheets(await bytesOf(workbook, { useSharedStrings }), ['Pricing']);
      const read = sheets.get('Pricing')!;
      expect([...sheets.keys()]).toEqual(['Pricing']);
      expect(['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'AB3', 'A2'].map((address) => read.getCell(address).value)).toEqual([
        'Room & <Board> "quoted"',
        12.5,
        true,
        { error: '#N/A' },
        { formula: 'B1*2', result: 25 },
        { formula: 'A1&"!"', result: 'x!' },
        -0.001,
        null,
      ]);
      expect([read.rowCount, read.getRow(2).hasValues, read.getRow(3).getCell(28).value]).toEqual([3, false, -0.001]);
    }
  });

  it('gives each cell of a shared formula the master formula moved to it, `$` references kept', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pricing');
    sheet.getCell('M2').value = 100;
    sheet.getCell('M3').value = { formula: 'M2+$M$2+SUM(M$2:M2)', shareType: 'shared', ref: 'M3:M5', result: 0 } as unknown as ExcelJS.CellFormulaValue;
    sheet.getCell('M4').value = { sharedFormula: 'M3', result: 0 } as ExcelJS.CellSharedFormulaValue;
    sheet.getCell('M5').value = { sharedFormula: 'M3', result: 0 } as ExcelJS.CellSharedFormulaValue;
    const read = (await readXlsxSheets(await bytesOf(workbook), ['Pricing'])).get('Pricing')!;
    expect([3, 4, 5].map((row) => read.getCell(`M${row}`).value)).toEqual([
      { formula: 'M2+$M$2+SUM(M$2:M2)', result: 0 },
      { formula: 'M3+$M$2+SUM(M$2:M3)', result: 0 },
      { formula: 'M4+$M$2+SUM(M$2:M4)', result: 0 },
    ]);
  });

  it('refuses a file that is not a zip, and a zip that is not a workbook', async () => {
    await expect(readXlsxSheets(new TextEncoder().encode('Tour code,Gross\n').buffer as ArrayBuffer, ['Pricing'])).rejects.toBeInstanceOf(NotAnXlsxWorkbook);
    const zip = new JSZip();
    zip.file('readme.txt', 'not a workbook');
    await expect(readXlsxSheets(await zip.generateAsync({ type: 'arraybuffer' }), ['Pricing'])).rejects.toBeInstanceOf(NotAnXlsxWorkbook);
  });
});

describe('moveFormula', () => {
  it('moves relative references by rows and columns, leaves `$` parts, function names and quoted text alone', () => {
    expect(moveFormula('M2+10', 3, 0)).toBe('M5+10');
    expect(moveFormula('$M2+M$2+$M$2', 1, 1)).toBe('$M3+N$2+$M$2');
    expect(moveFormula('LOG10(A1)&"A1"', 1, 0)).toBe('LOG10(A2)&"A1"');
    expect(moveFormula('SUM(Z1:AA2)', 0, 1)).toBe('SUM(AA1:AB2)');
  });
});
