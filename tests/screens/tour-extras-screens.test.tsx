import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoomExtra } from '../../src/domain/tours/tour-extras-schemas.js';
import { ReductionsTab } from '../../src/screens/tour-extras/reductions-tab.js';
import { RoomExtrasTab } from '../../src/screens/tour-extras/room-extras-tab.js';
import { reductionFixture } from '../helpers/reduction-fixture.js';
import { fakeApi, renderScreen, type RecordedCall } from '../helpers/render-reference-screen.js';
import { seasonContext, tourFixture } from '../helpers/tour-screen-fixtures.js';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/tours/:id/room-extras', element: <RoomExtrasTab /> },
  { path: '/tours/:id/reductions', element: <ReductionsTab /> },
];

const context = seasonContext();

const reference = {
  'GET tours/12': { body: tourFixture() },
  'GET room-types': { body: [{ id: 1, name: 'Double' }] },
  'GET accommodation-categories': { body: [{ id: 2, name: 'Comfort' }] },
  'GET decks': { body: [{ id: 3, name: 'Lower deck' }] },
};

const saveClicks = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /^Save \d+ rows?$/ }));
  await user.click(screen.getByRole('button', { name: 'Are you sure?' }));
  await user.click(screen.getByRole('button', { name: 'Saving' }));
};

const lastWrite = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET').at(-1);

describe('the extra nights tab', () => {
  const extra: RoomExtra = { id: 4, tour_season_id: 31, name: 'Extra night in Passau', pre: true, post: false, variations: [] };

  it('keeps at least one of Pre and Post checked: unchecking the last one checks it again', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-extras/12/3/room': { body: { tour_season: context, extras: [extra] } },
      'PUT tour-extras/12/3/room': { body: { tour_season: { ...context, version: 6 }, extras: [{ ...extra, pre: false, post: true }], created_ids: [], updated_ids: [4], deleted_ids: [] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/room-extras?season=3');
    const pre = await screen.findByLabelText('Pre of extra night 1');
    const post = screen.getByLabelText('Post of extra night 1');
    await user.click(pre);
    expect([(pre as HTMLInputElement).checked, (post as HTMLInputElement).checked]).toEqual([true, false]);
    await user.click(post);
    await user.click(pre);
    expect([(pre as HTMLInputElement).checked, (post as HTMLInputElement).checked]).toEqual([false, true]);
    await user.click(post);
    expect([(pre as HTMLInputElement).checked, (post as HTMLInputElement).checked]).toEqual([false, true]);

    await saveClicks(user);
    await screen.findByText('Updated extra 4');
    expect(lastWrite(api.calls)?.body).toMatchObject({ version: 5, removed_ids: [], extras: [{ id: 4, name: 'Extra night in Passau', pre: false, post: true, variations: [] }] });
  });
});

describe('the reductions tab', () => {
  const stored = reductionFixture();

  it('adds a free-child reduction (percent 100, output max age 5) and saves empty or non-numeric fields as null', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored] } },
      'PUT tour-reductions/12/3': { body: { tour_season: { ...context, version: 6 }, reductions: [stored], created_ids: [9], updated_ids: [8], deleted_ids: [] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    await user.click(await screen.findByRole('button', { name: 'Add Reduction' }));
    expect((screen.getByLabelText('Percent of reduction 2') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Output max age of reduction 2') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Order of reduction 2') as HTMLInputElement).value).toBe('2');

    await user.clear(screen.getByLabelText('Percent of reduction 1'));
    await user.type(screen.getByLabelText('Cost of reduction 1'), 'about 40');
    await user.type(screen.getByLabelText('Input max age of reduction 2'), ' 64 ');
    await user.selectOptions(screen.getByLabelText('Deck of reduction 2'), 'Lower deck');
    expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 2 rows');

    await saveClicks(user);
    await screen.findByText('Created reduction 9');
    expect(screen.getByText('Updated reduction 8')).toBeTruthy();
    const body = lastWrite(api.calls)?.body as { version: number; reductions: Record<string, unknown>[]; removed_ids: number[] };
    expect(body.version).toBe(5);
    expect(body.reductions[0]).toMatchObject({ id: 8, percent: null, cost: null, output_min: 6, output_max: 13, input_max: null, child_calc_room: 1 });
    expect(body.reductions[1]).toEqual({
      order: 2,
      percent: 100,
      cost: null,
      room_type_id: null,
      deck_id: 3,
      output_quantity: null,
      output_min: null,
      output_max: 5,
      input_quantity: null,
      input_min: null,
      input_max: 64,
      child_calc_room: null,
      child_calc_accommodation: null,
    });
  });

  it('queues a removal until Save, after the staged-delete confirmation', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored] } },
      'PUT tour-reductions/12/3': { body: { tour_season: { ...context, version: 6 }, reductions: [], created_ids: [], updated_ids: [], deleted_ids: [8] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    await user.click(await screen.findByRole('button', { name: 'Remove reduction 1' }));
    expect(screen.getByText('You will not be able to revert this after saving!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText(/This season has no reductions/);
    expect(api.writes()).toHaveLength(0);
    await saveClicks(user);
    await screen.findByText('Deleted reduction 8');
    await waitFor(() => expect(lastWrite(api.calls)?.body).toEqual({ version: 5, reductions: [], removed_ids: [8] }));
  });

  it('keeps the staged rows when the save is refused as stale (409)', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored] } },
      'PUT tour-reductions/12/3': { status: 409, body: { errors: [{ msg: 'Someone else changed this season: reload to see their changes', path: 'version' }] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    await user.clear(await screen.findByLabelText('Percent of reduction 1'));
    await user.type(screen.getByLabelText('Percent of reduction 1'), '40');
    await saveClicks(user);
    await screen.findByText('Someone else changed this season: reload to see their changes');
    expect((screen.getByLabelText('Percent of reduction 1') as HTMLInputElement).value).toBe('40');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save 1 row' }).hasAttribute('disabled')).toBe(false));
    expect(api.writes()).toHaveLength(1);
  });
});
