import type { AddedRow } from '../../formulas/price-sheet-import';
import { idOfName } from '../tour-season/price-sheet-rows';
import type { NamedOption } from '../../api/pricing-queries';
import type { RoomRow } from './room-variation-panel';

/**
 * An extra night variation a sheet adds (issue 21), from the new row the grid would add: its dates
 * are the sheet's Start and End (the import read them as YYYY-MM-DD, '' for none), not the row
 * above's; its room and category are found by name, one the lists do not know left empty.
 */
export const roomRowFromSheet =
  (lookups: { roomTypes: readonly NamedOption[]; accommodation: readonly NamedOption[] }) =>
  (row: RoomRow, labels: AddedRow['labels']): RoomRow => ({
    ...row,
    start: labels.Start || null,
    end: labels.End || null,
    room_type_id: idOfName(lookups.roomTypes, labels.Room ?? ''),
    accommodation_category_id: idOfName(lookups.accommodation, labels.Category ?? ''),
  });
