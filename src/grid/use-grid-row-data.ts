import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { GridApi } from 'ag-grid-community';

/**
 * Gives AG Grid its rows as React commits them, not through a changing `rowData` prop.
 *
 * AG Grid's React wrapper takes changed props in a passive effect, which the browser may run
 * after a paste or a key has already changed rows through the grid's api. A `rowData` prop then
 * put the rows of the render back over that edit: a cut pasted into a row of another group (the
 * click re-renders the group headers) cleared its source and showed its destination unchanged.
 * A layout effect runs in the same task as the commit, before any other event, so nothing can
 * come between. `rowData` is what AgGridReact gets (the first rows, never changed); `onGridReady`
 * catches up with the rows of any render before the grid was ready.
 */
export function useGridRowData<T>(api: RefObject<GridApi | null>, rows: T[]) {
  const [rowData] = useState(rows);
  const given = useRef(rows);
  useLayoutEffect(() => {
    given.current = rows;
    api.current?.setGridOption('rowData', rows);
  }, [api, rows]);
  const onGridReady = useCallback(
    (grid: GridApi) => {
      if (given.current !== rowData) grid.setGridOption('rowData', given.current);
    },
    [rowData],
  );
  return { rowData, onGridReady };
}
