// Copy From (SPEC.md sections 2 and 5): another tour's season data arrives staged as new rows of
// this season. Formula remapping of copied price rows is in src/formulas/copy-price-rows.ts.

export type CopyDataType = 'pricing' | 'bikes' | 'extra nights' | 'reductions' | 'specifications';

/** SPEC.md section 5: the confirmation before copying. */
export function copyConfirmation(type: string, tourName: string, seasonName: string): string {
  return `Are you sure you want to copy ${type} data from ${tourName} season ${seasonName} to this tour?`;
}

/** A stored row as a new staged row of this season: without its id and its season. */
export function asNewRow<Row extends { id: number; tour_season_id?: number }>(row: Row): Omit<Row, 'id' | 'tour_season_id'> {
  const { id: _id, tour_season_id: _season, ...fields } = row;
  return fields;
}
