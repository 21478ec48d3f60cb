import type { Page } from 'playwright-core';

/**
 * The focused element as a person using a screen reader would hear it: its role-ish tag and its
 * accessible name (aria-label, then its label, then aria-labelledby, then its text). `body` when
 * the focus has been lost.
 */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const labelled = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      (labelled
        ? labelled
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : null) ??
      element.textContent ??
      '';
    return `${element.localName} ${name.trim().replace(/\s+/g, ' ')}`;
  });

/** The grid cell that has the keyboard's focus (row index and column id), or null. */
export const focusedCell = (page: Page) =>
  page.evaluate(() => {
    const cell = document.activeElement?.closest('.ag-cell');
    const row = cell?.closest('.ag-row');
    return cell ? { row: Number(row?.getAttribute('row-index')), col: cell.getAttribute('col-id') ?? '' } : null;
  });

/**
 * Presses `key` (Tab by default) until the focused element's name matches, as a keyboard user
 * does; fails naming where the focus got stuck. Returns the number of presses.
 */
export async function pressUntilFocused(page: Page, name: RegExp, key = 'Tab', limit = 250): Promise<number> {
  for (let presses = 0; presses <= limit; presses += 1) {
    if (name.test(await focusedName(page))) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`${limit} presses of ${key} never reached ${name}; the focus is on ${await focusedName(page)}`);
}

/** Presses `key` until a grid cell has the focus (tabbing into a grid from the page). */
export async function pressUntilInGrid(page: Page, key = 'Tab', limit = 250): Promise<number> {
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await focusedCell(page)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`${limit} presses of ${key} never reached a grid cell; the focus is on ${await focusedName(page)}`);
}

/** Moves the grid focus with the arrow keys to a row and column (by the grid's header order). */
export async function arrowToCell(page: Page, row: number, col: string) {
  const columns = await page.evaluate(() => {
    const grid = document.activeElement?.closest('.ag-root-wrapper');
    return [...(grid?.querySelectorAll('.ag-header-cell') ?? [])].map((cell) => cell.getAttribute('col-id'));
  });
  const target = columns.indexOf(col);
  if (target < 0) throw new Error(`The focused grid has no column ${col}`);
  for (let step = 0; step < 60; step += 1) {
    const here = await focusedCell(page);
    if (!here) throw new Error('The focus left the grid');
    const at = columns.indexOf(here.col);
    if (here.row === row && at === target) return;
    await page.keyboard.press(here.row < row ? 'ArrowDown' : here.row > row ? 'ArrowUp' : at < target ? 'ArrowRight' : 'ArrowLeft');
  }
  throw new Error(`The arrow keys never reached row ${row}, column ${col}`);
}

/** Starts an edit of the focused grid cell with Enter and replaces its text by typing (not yet committed). */
export async function typeOverFocusedCell(page: Page, text: string) {
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}
