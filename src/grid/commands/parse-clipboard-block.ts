/**
 * Splits text copied from Excel, LibreOffice Calc or Google Sheets into rows of cells.
 *
 * The format they write: cells separated by tabs, rows by CRLF (Excel on Windows) or LF, and a
 * newline after the last row, which is dropped so that it does not become an empty row; text
 * copied without it (from a cell editor) parses the same. A cell that contains a tab, a
 * newline or a quote is wrapped in double quotes with its quotes doubled. A quote only opens a
 * quoted cell at the start of a cell; a cell that starts with a quote but is not a well-formed
 * quoted cell (`"5" tyres`) is taken literally, as those applications do when pasting.
 * Line breaks inside a quoted cell come back as LF.
 *
 * Rows keep the length they were copied with; these applications always copy rectangles.
 * An empty text is an empty block; a lone newline is one empty cell (a copied blank cell).
 */
export function parseClipboardBlock(text: string): string[][] {
  if (text === '') return [];
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;

  for (;;) {
    const quoted = text[i] === '"' ? readQuotedCell(text, i) : null;
    let cell: string;
    if (quoted) {
      cell = quoted.value;
      i = quoted.end;
    } else {
      let end = i;
      while (end < n && text[end] !== '\t' && text[end] !== '\n' && text[end] !== '\r') end += 1;
      cell = text.slice(i, end);
      i = end;
    }
    row.push(cell);

    if (i >= n) {
      rows.push(row);
      break;
    }
    if (text[i] === '\t') {
      i += 1;
      continue;
    }
    // A row break: CRLF, LF, or a lone CR from older Mac applications.
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    rows.push(row);
    row = [];
    if (i >= n) break;
  }
  return rows;
}

/** A quoted cell starting at `start`, or null when the text there is not one. */
function readQuotedCell(text: string, start: number): { value: string; end: number } | null {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch !== '"') {
      value += ch;
      i += 1;
      continue;
    }
    if (text[i + 1] === '"') {
      value += '"';
      i += 2;
      continue;
    }
    const after = text[i + 1];
    const closesCell = after === undefined || after === '\t' || after === '\n' || after === '\r';
    return closesCell ? { value: value.replace(/\r\n?/g, '\n'), end: i + 1 } : null;
  }
  return null;
}
