// How legacy cells are read. The legacy export writes most values as text ('5314', 't', '{7}'),
// some as JSON numbers (rates) and NULL as null. Each reader returns undefined for a cell it
// cannot read, and the column schema turns that into a message naming the problem.

import { z } from 'zod';
import { parsePostgresArray } from './postgres-array.js';
// integer columns in PostgreSQL are 32-bit; a wider legacy value would fail inside the transaction.
import { POSTGRES_INTEGER_MAX as INT4_MAX } from '../../../domain/record-id.js';

const NUMBER_TEXT = /^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

type Reader<T> = (cell: unknown) => T | undefined;

const isBlank = (cell: unknown) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

function readNumber(cell: unknown): number | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  if (typeof cell === 'string' && NUMBER_TEXT.test(cell)) return Number(cell);
  return undefined;
}

function readInteger(cell: unknown): number | undefined {
  const value = readNumber(cell);
  return value !== undefined && Number.isInteger(value) && Math.abs(value) <= INT4_MAX ? value : undefined;
}

function readId(cell: unknown): number | undefined {
  const value = readInteger(cell);
  return value !== undefined && value > 0 ? value : undefined;
}

/** A reference may be 0: legacy wrote it for "none" (tour_party_extras.boat_id); the import empties it. */
function readReference(cell: unknown): number | undefined {
  const value = readInteger(cell);
  return value !== undefined && value >= 0 ? value : undefined;
}

function readText(cell: unknown): string | undefined {
  if (typeof cell === 'string') return cell;
  return typeof cell === 'number' && Number.isFinite(cell) ? String(cell) : undefined;
}

function readBoolean(cell: unknown): boolean | undefined {
  if (typeof cell === 'boolean') return cell;
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim().toLowerCase();
  if (text === 't' || text === 'true') return true;
  if (text === 'f' || text === 'false') return false;
  return undefined;
}

function readDate(cell: unknown): string | undefined {
  if (typeof cell !== 'string') return undefined;
  const match = DATE_TEXT.exec(cell.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? match[0] : undefined;
}

/** A PostgreSQL array literal (or a JSON array, should an export give one) of readable items. */
function readArray<T>(item: Reader<T>): Reader<T[]> {
  return (cell) => {
    const items = isBlank(cell) ? [] : Array.isArray(cell) ? cell : typeof cell === 'string' ? parsePostgresArray(cell) : undefined;
    if (items === undefined) return undefined;
    const values = items.map(item);
    return values.every((value): value is T => value !== undefined) ? values : undefined;
  };
}

const monthNumber = (name: string) => {
  const index = MONTHS.findIndex((month) => month.startsWith(name.trim().toLowerCase()) && name.trim().length >= 3);
  return index === -1 ? undefined : index + 1;
};

/**
 * Legacy tours describe their season as text, 'April - October'; the schema keeps the month
 * numbers, [4, 5, ..., 10]. A range may wrap the year end ('November - February'). A single
 * month and an array of month numbers are read too; no text is no months.
 */
function readMonths(cell: unknown): number[] | undefined {
  if (isBlank(cell)) return [];
  const numbers = readArray(readInteger)(cell);
  if (numbers !== undefined) return numbers.every((month) => month >= 1 && month <= 12) ? numbers : undefined;
  if (typeof cell !== 'string') return undefined;
  const ends = cell.split(/\s*[-–]\s*|\s+to\s+/i).map(monthNumber);
  if (ends.length === 1 && ends[0] !== undefined) return [ends[0]];
  const [from, to] = ends;
  if (ends.length !== 2 || from === undefined || to === undefined) return undefined;
  const length = ((to - from + 12) % 12) + 1;
  return Array.from({ length }, (_, offset) => ((from - 1 + offset) % 12) + 1);
}

/** A column's zod schema: the reader's value, or an issue "<column> <problem>". */
function column<T>(read: Reader<T>, problem: string) {
  return z.unknown().transform((cell, context) => {
    const value = read(cell);
    if (value === undefined) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return value;
  });
}

/** Legacy NULL (or an empty cell) is null; anything else must be readable. */
function orNull<T>(read: Reader<T>): Reader<T | null> {
  return (cell) => (isBlank(cell) ? null : read(cell));
}

/** Column schemas for the legacy tables, by the kind of value the column holds. */
export const legacyValue = {
  id: () => column(readId, 'is not an id (a whole number above 0)'),
  optionalId: () => column(orNull(readReference), 'is not an id (a whole number, 0 for none)'),
  integer: () => column(readInteger, 'is not a whole number'),
  optionalInteger: () => column(orNull(readInteger), 'is not a whole number'),
  number: () => column(readNumber, 'is not a number'),
  optionalNumber: () => column(orNull(readNumber), 'is not a number'),
  text: () => column(readText, 'is not text'),
  optionalText: () => column((cell) => (cell === null || cell === undefined ? null : readText(cell)), 'is not text'),
  boolean: () => column(readBoolean, "is not a boolean ('t' or 'f')"),
  optionalBoolean: () => column(orNull(readBoolean), "is not a boolean ('t' or 'f')"),
  optionalDate: () => column(orNull(readDate), 'is not a date (YYYY-MM-DD)'),
  dates: () => column(readArray(readDate), 'is not a list of dates ({YYYY-MM-DD,...})'),
  integers: () => column(readArray(readInteger), 'is not a list of whole numbers ({1,2,...})'),
  texts: () => column(readArray(readText), 'is not a list ({a,b,...})'),
  months: () => column(readMonths, "is not a month range ('April - October')"),
};
