/** Why one cell was left as it was; the grid shows the message on the red cell. */
export type CellError = {
  rowIndex: number;
  colId: string;
  message: string;
};
