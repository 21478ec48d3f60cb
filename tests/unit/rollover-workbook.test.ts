import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RolloverPreview } from '../../src/domain/rollover/rollover-request';
import { buildRolloverXlsx, sheetNameOf } from '../../src/screens/global/rollover-workbook';
import { preview } from '../helpers/rollover-preview-fixture';

// The roll-over preview's export (issue 31): a Summary sheet, then one sheet per destination with
// every row before and after, read back with exceljs as the directors' Excel would.

async function workbookOf(shown: RolloverPreview) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await buildRolloverXlsx(shown));
  return workbook;
}

const loire = { ...preview.tours[0], tour_id: 12, tour_code: 'LOI', tour_name: 'Tour LOI', destination: 'Loire: châteaux' };

describe('the roll-over preview as xlsx', () => {
  it('has a summary and one sheet per destination, each row before and after', async () => {
    const workbook = await workbookOf({ ...preview, tours: [...preview.tours, loire] });
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Alps', 'Loire  châteaux']);
    expect(workbook.getWorksheet('Summary')!.getCell('A1').value).toBe(preview.label);
    const alps = workbook.getWorksheet('Alps')!;
    expect(alps.getRow(1).values).toContain('Gross after');
    const rows = [2, 3].map((row) => alps.getRow(row));
    expect(rows.map((row) => [row.getCell(1).value, row.getCell(4).value, row.getCell(7).value, row.getCell(8).value, row.getCell(14).value])).toEqual([
      ['ALP', '[0]', 1200, 1250, ''],
      ['ALP', '[1]', 500, 520, 'Yes'],
    ]);
    expect(rows[0].getCell(10).numFmt).toBe('"£"#,##0.00');
    expect(alps.rowCount).toBe(3);
  });

  it('names sheets as Excel allows: short, without its reserved characters, unique', () => {
    const taken = new Set(['summary']);
    expect(sheetNameOf('Summary', taken)).toBe('Summary (2)');
    expect(sheetNameOf('A/B [north]', taken)).toBe('A B  north');
    expect(sheetNameOf('x'.repeat(40), taken)).toHaveLength(31);
    expect(sheetNameOf('', taken)).toBe('No destination');
  });
});
