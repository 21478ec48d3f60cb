import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClipboardBlock } from '../../src/grid/commands/parse-clipboard-block';

// How Excel writes a block to the clipboard: quotes around cells with a tab, newline or quote
// (and around any cell starting with a quote), quotes doubled, CRLF after every row.
function asExcelWritesIt(block: string[][]): string {
  const cell = (text: string): string => (/[\t\n"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return block.map((row) => row.map(cell).join('\t') + '\r\n').join('');
}

describe('parseClipboardBlock', () => {
  it.each([
    [
      'an Excel block with CRLF rows and a trailing newline',
      '675\t0\r\n720\t15\r\n',
      [
        ['675', '0'],
        ['720', '15'],
      ],
    ],
    [
      'a LibreOffice or Sheets block with LF rows',
      '675\t0\n720\t15\n',
      [
        ['675', '0'],
        ['720', '15'],
      ],
    ],
    [
      'a block copied without a trailing newline',
      '675\t0\n720\t15',
      [
        ['675', '0'],
        ['720', '15'],
      ],
    ],
    ['a single cell', '675\r\n', [['675']]],
    ['a single copied blank cell', '\r\n', [['']]],
    ['blank cells between tabs', '675\t\t10\r\n', [['675', '', '10']]],
    ['a blank last cell', '675\t\r\n', [['675', '']]],
    ['a blank row inside the block', '1\r\n\r\n3\r\n', [['1'], [''], ['3']]],
    ['a blank last row, of which only the final newline is dropped', '1\r\n\r\n', [['1'], ['']]],
    ['currency and thousands as formatted cells copy', '£1,234.50\t€ 1.234,50\r\n', [['£1,234.50', '€ 1.234,50']]],
    ['a quoted cell with an embedded newline', '"Double\nroom"\t675\r\n', [['Double\nroom', '675']]],
    ['a quoted cell with an embedded CRLF, which comes back as LF', '"a\r\nb"\t1\r\n', [['a\nb', '1']]],
    ['a quoted cell with an embedded tab', '"a\tb"\t1\r\n', [['a\tb', '1']]],
    ['a quoted cell with doubled quotes', '"26"" wheels\nsize M"\t1\r\n', [['26" wheels\nsize M', '1']]],
    ['a quoted last cell of the block', '1\t"x\ny"', [['1', 'x\ny']]],
    ['a quote inside an unquoted cell, taken literally', '26" wheels\t1\r\n', [['26" wheels', '1']]],
    ['a cell starting with a quote that is not a quoted cell', '"5" tyres\t1\r\n', [['"5" tyres', '1']]],
    ['an unclosed quote, taken literally to the end of the cell', '"abc\t1\r\n', [['"abc', '1']]],
    ['rows ended by lone CRs', '1\r2\r', [['1'], ['2']]],
  ])('reads %s', (_name, text, expected) => {
    expect(parseClipboardBlock(text)).toEqual(expected);
  });

  it('reads an empty clipboard as an empty block', () => {
    expect(parseClipboardBlock('')).toEqual([]);
  });

  it('reads back any block exactly as Excel wrote it', () => {
    const cellText = fc.string({ unit: fc.constantFrom('a', '1', ' ', '"', '\t', '\n', '£', ',', '.') });
    const block = fc.array(fc.array(cellText, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(block, (cells) => {
        expect(parseClipboardBlock(asExcelWritesIt(cells))).toEqual(cells);
      }),
    );
  });
});
