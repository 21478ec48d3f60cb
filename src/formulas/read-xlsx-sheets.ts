// A lean reader of the cells of an xlsx workbook's sheets, for Import xlsx (issue 21). exceljs
// builds a whole workbook model (styles, every row and cell object) before anything can be
// read: 300 to 700 ms for an exported 2,000-row season, over a second on a busy machine. The
// import needs only cell values and formulas, so this unzips the workbook and scans the sheets'
// XML for them (tens of milliseconds), answering in the shape of exceljs' cell values so the
// import reads it as it read exceljs.
//
// Formulas come back whole on every cell: a cell that shares its formula with a neighbour (Excel
// writes a fill-down that way: one master formula, then cells that say "the same, moved") is
// given the master's formula moved to its own place, as Excel shows it.

import { columnLetter, columnNumber } from './price-sheet-layout';

/** A cell's value: exceljs' shapes, for the kinds a sheet holds (a date is its serial number). */
export type SheetCellValue = number | string | boolean | null | { formula: string; result?: number | string | boolean } | { error: string };

/** The subset of exceljs' Worksheet the import reads. */
export type SheetCells = {
  /** The last row that holds a cell. */
  rowCount: number;
  getRow(row: number): { hasValues: boolean; values: SheetCellValue[]; getCell(column: number): { value: SheetCellValue } };
  getCell(address: string): { value: SheetCellValue };
};

export class NotAnXlsxWorkbook extends Error {}

/** The unzipped workbook: a file's text by path, and the workbook's and its relations' XML; throws NotAnXlsxWorkbook for anything else. */
async function openWorkbook(bytes: ArrayBuffer) {
  const { default: JSZip } = await import('jszip');
  let zip: InstanceType<typeof JSZip>;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new NotAnXlsxWorkbook();
  }
  const text = async (path: string) => {
    const file = zip.file(path);
    return file === null ? undefined : file.async('string');
  };
  const workbook = await text('xl/workbook.xml');
  const relations = await text('xl/_rels/workbook.xml.rels');
  if (workbook === undefined || relations === undefined) throw new NotAnXlsxWorkbook();
  return { text, workbook, relations };
}

const sheetTags = (workbook: string) => [...workbook.matchAll(/<sheet\b[^>]*>/g)].map(([tag]) => ({ tag, name: decodeXml(attribute(tag, 'name') ?? '') }));

/** The names of an xlsx file's sheets, in workbook order (which tab's export it is); throws NotAnXlsxWorkbook for anything else. */
export async function readXlsxSheetNames(bytes: ArrayBuffer): Promise<string[]> {
  return sheetTags((await openWorkbook(bytes)).workbook).map((sheet) => sheet.name);
}

/** The named sheets of an xlsx file (a name the workbook lacks is absent); throws NotAnXlsxWorkbook for anything else. */
export async function readXlsxSheets(bytes: ArrayBuffer, names: readonly string[]): Promise<Map<string, SheetCells>> {
  const { text, workbook, relations } = await openWorkbook(bytes);
  const sharedStrings = readSharedStrings((await text('xl/sharedStrings.xml')) ?? '');
  const targets = new Map([...relations.matchAll(/<Relationship\b[^>]*>/g)].map(([tag]) => [attribute(tag, 'Id'), attribute(tag, 'Target')]));
  const sheets = new Map<string, SheetCells>();
  for (const { tag, name } of sheetTags(workbook)) {
    if (!names.includes(name)) continue;
    const target = targets.get(attribute(tag, 'r:id'));
    if (target === undefined) continue;
    const xml = await text(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
    if (xml !== undefined) sheets.set(name, readSheetXml(xml, sharedStrings));
  }
  return sheets;
}

/** 'M12' -> row 12, column 13. */
function parseCellAddress(address: string): { row: number; column: number } {
  const [, letters, digits] = /^\$?([A-Za-z]+)\$?(\d+)$/.exec(address) ?? ['', 'A', '0'];
  return { row: Number(digits), column: columnNumber(letters) };
}

// One expression per attribute name, built once: a sheet has tens of thousands of cells.
const attributePatterns = new Map<string, RegExp>();

function attribute(tag: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (pattern === undefined) attributePatterns.set(name, (pattern = new RegExp(`\\s${name}="([^"]*)"`)));
  return pattern.exec(tag)?.[1];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? whole;
  });
}

/** The text of a string item: its `<t>` runs joined, phonetic guides (`<rPh>`) left out. */
function stringItemText(xml: string): string {
  const runs = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>|<t\b[^>]*\/>/g);
  return [...runs].map((run) => decodeXml(run[1] ?? '')).join('');
}

function readSharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((item) => stringItemText(item[1] ?? ''));
}

type SharedFormula = { formula: string; row: number; column: number };

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const ROW = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;

function readSheetXml(xml: string, sharedStrings: readonly string[]): SheetCells {
  const rows = new Map<number, SheetCellValue[]>();
  const shared = new Map<string, SharedFormula>();
  let rowNumber = 0;
  for (const [, rowAttributes, rowBody] of xml.matchAll(ROW)) {
    rowNumber = Number(attribute(rowAttributes, 'r') ?? rowNumber + 1);
    if (rowBody === undefined) continue;
    const values: SheetCellValue[] = [];
    let cellColumn = 0;
    for (const [, cellAttributes, cellBody] of rowBody.matchAll(CELL)) {
      const address = attribute(cellAttributes, 'r');
      cellColumn = address === undefined ? cellColumn + 1 : parseCellAddress(address).column;
      const value = cellValue(attribute(cellAttributes, 't') ?? 'n', cellBody ?? '', sharedStrings, shared, rowNumber, cellColumn);
      if (value !== null) values[cellColumn] = value;
    }
    if (values.length) rows.set(rowNumber, values);
  }
  const rowCount = Math.max(0, ...rows.keys());
  const getRow = (row: number) => {
    const values = rows.get(row) ?? [];
    return { hasValues: values.length > 0, values, getCell: (column: number) => ({ value: values[column] ?? null }) };
  };
  return {
    rowCount,
    getRow,
    getCell: (address) => {
      const { row, column } = parseCellAddress(address);
      return getRow(row).getCell(column);
    },
  };
}

function cellValue(
  type: string,
  body: string,
  sharedStrings: readonly string[],
  shared: Map<string, SharedFormula>,
  row: number,
  column: number,
): SheetCellValue {
  const raw = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
  const stored = raw === undefined ? undefined : decodeXml(raw);
  const result = resultOf(type, stored, body, sharedStrings);
  const formulaTag = /<f\b([^>]*?)(?:\/>|>([\s\S]*?)<\/f>)/.exec(body);
  if (formulaTag === null) return result ?? null;
  const [, formulaAttributes, formulaText] = formulaTag;
  const sharedIndex = attribute(formulaAttributes, 'si');
  let formula = formulaText === undefined ? undefined : decodeXml(formulaText);
  if (attribute(formulaAttributes, 't') === 'shared' && sharedIndex !== undefined) {
    const master = shared.get(sharedIndex);
    if (formula !== undefined && formula !== '') shared.set(sharedIndex, { formula, row, column });
    else if (master !== undefined) formula = moveFormula(master.formula, row - master.row, column - master.column);
  }
  if (formula === undefined || formula === '') return result ?? null;
  return result === null || result === undefined ? { formula } : { formula, result: typeof result === 'object' ? undefined : result };
}

function resultOf(type: string, stored: string | undefined, body: string, sharedStrings: readonly string[]): SheetCellValue | undefined {
  switch (type) {
    case 'inlineStr':
      return stringItemText(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
    case 's':
      return stored === undefined ? undefined : (sharedStrings[Number(stored)] ?? '');
    case 'str':
      return stored;
    case 'b':
      return stored === undefined ? undefined : stored === '1';
    case 'e':
      return stored === undefined ? undefined : { error: stored };
    default:
      return stored === undefined || stored === '' ? undefined : Number(stored);
  }
}

// A cell reference with its `$` marks, not a function name (LOG10( is a function) nor part of a name.
const REFERENCE = /(?<![A-Za-z0-9_.])(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(])/g;

/** A shared formula as it reads `rows` down and `columns` across from its master: relative references move, `$` ones stay. */
export function moveFormula(formula: string, rows: number, columns: number): string {
  // Quoted text is left as it is: only what is between the quotes is formula.
  return formula
    .split('"')
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(REFERENCE, (whole, columnFixed: string, letters: string, rowFixed: string, digits: string) => {
            const column = columnFixed ? letters : columnLetter(columnNumber(letters) + columns);
            const row = rowFixed ? digits : String(Number(digits) + rows);
            return `${columnFixed}${column}${rowFixed}${row}`;
          }),
    )
    .join('"');
}
