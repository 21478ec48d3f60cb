import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../src/api/api-client.js';
import { PriceGridModel } from '../../src/grid/price-grid-model.js';
import type { PriceRow } from '../../src/grid/price-row.js';
import { ThreeClickSave } from '../../src/screens/tour-season/three-click-save.js';
import { useDirtyRowCount } from '../../src/screens/tour-season/use-dirty-row-count.js';
import { useRemovedRows } from '../../src/screens/tour-season/use-removed-rows.js';
import { gridProblems, useStagedGridSave, type SaveProblem } from '../../src/screens/tour-season/use-staged-grid-save.js';
import { fakeApi, renderScreen, toastTexts } from '../helpers/render-reference-screen.js';

const RATES = [{ id: 1, commission: 20, markup: 1.32, supplement_markup: 1.2 }];
const row = (id: number, gross: number, formula: string | null = null): PriceRow => ({
  key: `r${id}`,
  id,
  formula,
  gross,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 1,
});
type Saved = { version: number; rows: { id: number; gross: number }[] };

let model: PriceGridModel<PriceRow>;
const refused: (readonly SaveProblem[])[] = [];

/** A season tab in miniature: one grid model, its save through the hook, and the save button. */
function StagedRows({ rows }: { rows: PriceRow[] }) {
  const [grid] = useState(() => new PriceGridModel({ rows, rates: RATES, currencyRate: 1, kind: 'supplement' }));
  model = grid;
  const removed = useRemovedRows(grid);
  const save = useStagedGridSave<Saved>({
    version: 4,
    count: useDirtyRowCount(grid) + removed.length,
    problems: () => gridProblems(grid),
    send: (version) =>
      apiRequest<Saved>('PUT', 'tour-bikes/1/2', {
        body: {
          version,
          rows: grid.rows.map((r, i) => ({ id: r.id, gross: grid.savedFields(i).gross })),
          removed_ids: grid.removed.map((entry) => entry.row.id),
        },
      }),
    savedVersion: (saved) => saved.version,
    onSaved: (saved) =>
      grid.reset(
        saved.rows.map((r) => row(r.id, r.gross)),
        RATES,
        1,
      ),
    onRefused: (items) => refused.push(items),
  });
  return <ThreeClickSave {...save.button} />;
}

const screenAt = (rows: PriceRow[]) => renderScreen([{ path: '/rows', element: <StagedRows rows={rows} /> }], '/rows');

const saveClicks = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /^Save \d+ rows?$/ }));
  await user.click(screen.getByRole('button', { name: 'Are you sure?' }));
  await user.click(screen.getByRole('button', { name: 'Saving' }));
};

describe('the staged grid save of the season tabs', () => {
  it('counts the rows to write and remove in its label, and offers nothing to save while there is none', async () => {
    screenAt([row(1, 100), row(2, 200)]);
    const button = await screen.findByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    act(() => model.edit([{ rowKey: 'r1', colId: 'gross', oldValue: 100, newValue: 150 }]));
    act(() => void model.removeRows(1, 1));
    expect(screen.getByRole('button', { name: 'Save 2 rows' }).getAttribute('aria-disabled')).toBe('false');
    act(() => void model.undo());
    expect(screen.getByRole('button', { name: 'Save 1 row' })).toBeTruthy();
  });

  it('sends the version it loaded, then the version the save gave back, with the removed rows', async () => {
    const api = fakeApi({
      'PUT tour-bikes/1/2': (body) => ({ body: { version: (body as { version: number }).version + 1, rows: (body as Saved).rows } }),
    });
    const user = userEvent.setup();
    screenAt([row(1, 100), row(2, 200)]);
    await screen.findByRole('button', { name: 'Save' });
    act(() => void model.removeRows(1, 1));
    await saveClicks(user);
    await screen.findByRole('button', { name: 'Save' });
    act(() => model.edit([{ rowKey: 'r1', colId: 'gross', oldValue: 100, newValue: 150 }]));
    await saveClicks(user);
    await screen.findByRole('button', { name: 'Save' });
    expect(api.writes().map((call) => call.body)).toEqual([
      { version: 4, rows: [{ id: 1, gross: 100 }], removed_ids: [2] },
      { version: 5, rows: [{ id: 1, gross: 150 }], removed_ids: [] },
    ]);
  });

  it('hands a refusal its messages and changes nothing staged: the removed row stays removed, the edits stay', async () => {
    const stale = 'This tour season was changed by someone else since you opened it. Reload to see their changes, then save again.';
    fakeApi({ 'PUT tour-bikes/1/2': { status: 409, body: { errors: [{ msg: stale, path: 'version' }] } } });
    refused.length = 0;
    const user = userEvent.setup();
    screenAt([row(1, 100), row(2, 200), row(3, 300)]);
    await screen.findByRole('button', { name: 'Save' });
    act(() => model.edit([{ rowKey: 'r3', colId: 'gross', oldValue: 300, newValue: 350 }]));
    act(() => void model.removeRows(1, 1));
    await saveClicks(user);
    await waitFor(() => expect(toastTexts()).toEqual([stale]));
    expect(refused).toEqual([[{ msg: stale, path: 'version' }]]);
    expect(model.rows.map((r) => [r.key, r.gross])).toEqual([
      ['r1', 100],
      ['r3', 350],
    ]);
    expect(model.removed.map((entry) => entry.row.key)).toEqual(['r2']);
    expect(screen.getByRole('button', { name: 'Save 2 rows' })).toBeTruthy();
  });

  it('refuses before sending when the grid finds a problem, naming the row', async () => {
    const api = fakeApi({});
    refused.length = 0;
    const user = userEvent.setup();
    screenAt([row(1, 100), row(2, 0, '[1]+5')]);
    await screen.findByRole('button', { name: 'Save' });
    act(() => model.edit([{ rowKey: 'r1', colId: 'formula', oldValue: null, newValue: '[1]+5' }]));
    await saveClicks(user);
    await waitFor(() => expect(refused).toHaveLength(1));
    expect(refused[0][0].msg).toMatch(/^Row \d: /);
    expect(api.writes()).toEqual([]);
  });
});
