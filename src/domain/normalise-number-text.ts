// How staff's number text is read wherever they give it: pasted or typed into a grid
// (src/grid/commands), or held as text in a cell of an imported xlsx sheet (src/formulas).

export type NormalisedNumber = { ok: true; value: number } | { ok: false; value: null; reason: string };

/**
 * Reads a number as staff paste or type it from Excel, LibreOffice or Google Sheets on UK
 * settings. The rules, chosen so that a misread never silently changes a price by a factor
 * of a thousand:
 * - '.' is always the decimal point. ',' and spaces are accepted only as thousands separators
 *   in complete groups of three ('1,234.50', '1 234'). Anything else with a comma, including
 *   continental '1.234,50' and '1,5', is refused with a reason rather than guessed.
 * - One currency sign (£, € or $) before or after the number, with or without a space.
 * - Negatives as '-12', '−12' (the typographic minus), '-£12', '£-12' or accounting '(12.00)'.
 * - Percentages are refused: no pasteable price column holds a percentage, and '12%' could
 *   mean 12 or 0.12.
 * - Exponent form ('1.2E+03') is accepted because Excel's General format shows long numbers so.
 */
export function normaliseNumberText(text: string): NormalisedNumber {
  // LibreOffice and Sheets group thousands with no-break and thin spaces in some locales.
  let rest = text
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/\u2212/g, '-')
    .trim();
  if (rest === '') return refuse('Empty');
  if (rest.endsWith('%')) return refuse('Percentages are not accepted here');

  let negative = false;
  let signed = false;
  if (rest.startsWith('(') && rest.endsWith(')')) {
    negative = true;
    signed = true;
    rest = rest.slice(1, -1).trim();
  }
  const takeSign = (): void => {
    if (signed || !/^[-+]/.test(rest)) return;
    negative = rest.startsWith('-');
    signed = true;
    rest = rest.slice(1).trim();
  };
  takeSign();
  if (/^[£€$]/.test(rest)) rest = rest.slice(1).trim();
  else if (/[£€$]$/.test(rest)) rest = rest.slice(0, -1).trim();
  takeSign();

  const body = numberBody(rest);
  if (body === null) {
    return refuse(rest.includes(',') ? "Use '.' for decimals and ',' only between thousands, as in 1,234.50" : 'Not a number');
  }
  const value = Number(body);
  if (!Number.isFinite(value)) return refuse('Not a number');
  // `|| 0` turns the -0 of '(0.00)' into 0, so it compares and displays as zero.
  return { ok: true, value: (negative ? -value : value) || 0 };
}

function refuse(reason: string): NormalisedNumber {
  return { ok: false, value: null, reason };
}

/** The digits of an unsigned number with its group separators removed, or null. */
function numberBody(text: string): string | null {
  const decimal = String.raw`(\.\d*)?`;
  if (new RegExp(String.raw`^(\d+${decimal}|\.\d+)$`).test(text)) return text;
  if (new RegExp(String.raw`^\d{1,3}(,\d{3})+${decimal}$`).test(text)) return text.replace(/,/g, '');
  if (new RegExp(String.raw`^\d{1,3}( \d{3})+${decimal}$`).test(text)) return text.replace(/ /g, '');
  if (/^\d+(\.\d+)?[eE][-+]?\d+$/.test(text)) return text;
  return null;
}

// A percentage as Excel shows it ('20%', '12.5 %') or as typed without the sign ('20').
const PERCENT = /^(-?\d+(?:\.\d+)?)\s*%?$/;

/** The number of a percentage text ('20%', '12.5 %', '20'), or undefined for any other text. */
export function readPercentText(text: string): number | undefined {
  const match = PERCENT.exec(text.trim());
  return match === null ? undefined : Number(match[1]);
}
