/**
 * Rows per statement of a bulk write (insert, update, delete by id). A dozen columns a row keeps
 * an insert near 6,000 bind parameters (PostgreSQL takes at most 65,535), and the embedded
 * database runs each statement on the server's thread: 250 rows take it about 10 ms, so with
 * the loop turning between statements (yield-between-queries.ts) no save of thousands of rows
 * holds the thread near the 100 ms a request may. One update of 5,000 prices took 108 ms.
 */
export const WRITE_CHUNK = 250;

/** `rows` in consecutive slices of at most `size`. */
export function chunksOf<Row>(rows: readonly Row[], size = WRITE_CHUNK): Row[][] {
  const chunks: Row[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}
