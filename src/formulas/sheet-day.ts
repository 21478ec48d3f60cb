// A day read back from a sheet cell (issue 21: an extra night the sheet adds takes its own Start
// and End). Excel keeps a typed date as its day serial, which is what the reader gives; a cell
// formatted as text keeps what was typed, so dd/mm/yyyy (the export's format) and YYYY-MM-DD are
// read too. Each is checked against the calendar by the API's own date check, so 31/02 is refused
// rather than rolled into March.

import { isCalendarDate } from '../domain/iso-date';
import type { SheetCellValue } from './read-xlsx-sheets';

/** Day 0 of Excel's serials (1900 date system, past its 1900-02-29 bug). */
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;
/** 9999-12-31, Excel's last day. */
const LAST_SERIAL = 2958465;

const checked = (iso: string) => (isCalendarDate(iso) ? iso : undefined);

/** The cell's day as YYYY-MM-DD, null for an empty cell, undefined when it is not a day. */
export function sheetDay(value: SheetCellValue | undefined): string | null | undefined {
  const cell = value !== null && typeof value === 'object' && 'formula' in value ? value.result : value;
  if (cell === null || cell === undefined || cell === '') return null;
  if (typeof cell === 'number') {
    // A fraction is a time of day: not something the export writes, nor a day typed in Excel.
    if (!Number.isInteger(cell) || cell < 1 || cell > LAST_SERIAL) return undefined;
    return new Date(SERIAL_EPOCH + cell * DAY_MS).toISOString().slice(0, 10);
  }
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim();
  if (text === '') return null;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (dmy !== null) return checked(`${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? checked(text) : undefined;
}
