import { COMMISSION_COLUMN, EXPORT_HEADERS, MONEY_COLUMNS, type ExportCell } from './pricing-export-rows';

/** Excel's Text number format. */
const TEXT_FORMAT = '@';

/** '{tour name} pricing data.xlsx' (SPEC.md section 9). */
export const exportFileName = (tourName: string) => `${tourName} pricing data.xlsx`;

/** The workbook as bytes; exceljs is loaded only now, when someone exports. */
export async function buildPricingXlsx(rows: readonly ExportCell[][]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pricing');
  sheet.addRow([...EXPORT_HEADERS]).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  for (const column of MONEY_COLUMNS) sheet.getColumn(column).numFmt = '#,##0.00';
  sheet.getColumn(COMMISSION_COLUMN).numFmt = '0.##"%"';
  // Every text cell is formatted as Text, after the column formats (which would overwrite the
  // header's): a name starting with =, +, - or @ is written as a string, and stays text when
  // someone edits the cell in Excel or LibreOffice instead of becoming a formula.
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (typeof cell.value === 'string') cell.numFmt = TEXT_FORMAT;
    }),
  );
  sheet.columns.forEach((column, index) => {
    column.width = index < 2 ? 28 : 13;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

export function saveFile(bytes: ArrayBuffer, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
