// Which tab's export a workbook is, for Import xlsx on the data export screen (issue 21): told by
// its sheet names, read from the workbook itself; a workbook of no tab, of two tabs, or a file
// that is no workbook is refused with the import's own words.

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BIKES_LAYOUT, EXTRA_NIGHTS_LAYOUT, PRICING_LAYOUT, SUPPLEMENTS_LAYOUT } from '../../src/formulas/price-sheet-layout';
import { MAX_IMPORT_BYTES } from '../../src/formulas/price-sheet-import';
import { recogniseSheet, recogniseWorkbook } from '../../src/formulas/recognise-sheet';

async function workbookWith(...names: string[]): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  for (const name of names) workbook.addWorksheet(name).getCell('A1').value = name;
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

describe('recogniseSheet', () => {
  it('finds each tab by its sheet, beside the Rates and Price history sheets', () => {
    expect(recogniseSheet(['Pricing', 'Rates', 'Price history'])).toEqual({ layout: PRICING_LAYOUT });
    expect(recogniseSheet(['Bikes', 'Rates'])).toEqual({ layout: BIKES_LAYOUT });
    expect(recogniseSheet(['Rates', 'Supplements'])).toEqual({ layout: SUPPLEMENTS_LAYOUT });
    expect(recogniseSheet(['Extra nights', 'Rates'])).toEqual({ layout: EXTRA_NIGHTS_LAYOUT });
  });

  it('refuses a workbook of no tab, and one of two tabs', () => {
    expect(recogniseSheet(['Sheet1', 'Rates'])).toEqual({
      refusal: 'The workbook has no Pricing, Bikes, Supplements or Extra nights sheet: import a sheet this app exported',
    });
    // Names are matched exactly, as the import reads the sheet by its name.
    expect(recogniseSheet(['pricing'])).toHaveProperty('refusal');
    expect(recogniseSheet(['Pricing', 'Rates', 'Bikes'])).toEqual({ refusal: 'The workbook has Pricing and Bikes sheets: import the export of one tab' });
  });
});

describe('recogniseWorkbook', () => {
  it('reads the sheet names of an xlsx file', async () => {
    expect(await recogniseWorkbook(await workbookWith('Supplements', 'Rates'))).toEqual({ layout: SUPPLEMENTS_LAYOUT });
    expect(await recogniseWorkbook(await workbookWith('Rates'))).toHaveProperty('refusal', expect.stringMatching(/^The workbook has no Pricing/));
  });

  it('refuses a file that is not xlsx, and one over the import limit, as the import does', async () => {
    expect(await recogniseWorkbook(new TextEncoder().encode('Tour code,Gross\nDAN1,675\n').buffer as ArrayBuffer)).toEqual({
      refusal: 'The file is not an xlsx workbook',
    });
    expect(await recogniseWorkbook(new ArrayBuffer(MAX_IMPORT_BYTES + 1))).toEqual({ refusal: 'The file is 5.0 MB: the import reads files up to 5 MB' });
  });
});
