import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Tour } from '../../src/domain/tours/tour-schema.js';
import { fakeApi, renderScreen, toastTexts, type FakeApi } from '../helpers/render-reference-screen.js';
import { emptyLinkLists, tourFixture, tourScreenRoutes } from '../helpers/tour-screen-fixtures.js';

const refused = { status: 409, body: { errors: [{ msg: 'This tour was changed by someone else since you opened it.', path: 'version' }] } };
const lastChange = { body: { changed_by: null, changed_at: null } };

/** The tour as loaded (version 4) until `theirSave` stores someone else's save (version 5); saves only at the stored version. */
function tourServer(theirs: Partial<Tour>, extra: FakeApi = {}) {
  let stored = tourFixture();
  const server = fakeApi({
    ...emptyLinkLists,
    ...extra,
    'GET tours/all': { body: [] },
    'GET tours/12': () => ({ body: stored }),
    'GET last-change/tours/12': lastChange,
    'PUT tours/12': (body) =>
      (body as { version: number }).version === stored.version ? { body: { ...stored, ...(body as object), version: stored.version + 1 } } : refused,
  });
  return { ...server, theirSave: () => (stored = { ...stored, ...theirs, version: stored.version + 1 }) };
}

describe('a tour form saved after someone else saved the tour (issue 29)', () => {
  it('merges on the overview and saves at the stored version', async () => {
    const server = tourServer({ seo_title: 'Their SEO title' });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Danube by Bike');
    server.theirSave();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[1].body).toMatchObject({ version: 5, name: 'Danube by Bike', seo_title: 'Their SEO title' });
    await waitFor(() => expect(toastTexts()).toContain("Merged with someone else's save: 1 of your changes kept"));
  });

  it('merges on the details tab, the tour and its texts read afresh', async () => {
    let meta = [{ key: 'accommodation', value: '<p>Cosy inns</p>' }];
    const server = tourServer({}, { 'GET tours/12/meta': () => ({ body: meta }) });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12/details');
    const map = await screen.findByLabelText('Map');
    await user.type(map, 'https://maps.example/2');
    server.theirSave();
    meta = [{ key: 'accommodation', value: '<p>Their inns</p>' }];
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    const sent = server.writes()[1].body as { version: number; meta: { key: string; value: string }[] };
    expect(sent.version).toBe(5);
    expect(Object.fromEntries(sent.meta.map((item) => [item.key, item.value]))).toMatchObject({
      accommodation: '<p>Their inns</p>',
      live_map: 'https://maps.example/2',
    });
  });

  it('merges the itinerary day by day, and asks about a day both changed', async () => {
    const day = (id: number, dayNumber: number, title: string) => ({ id, day: dayNumber, title, type: 'public', content: '', media_id: null });
    let itinerary = { version: 4, itineraries: [day(70, 1, 'Arrival in Passau'), day(71, 2, 'Along the river')] };
    const server = tourServer(
      {},
      {
        'GET tours/12/itineraries': () => ({ body: itinerary }),
        'PUT tours/12/itineraries': (body) => ((body as { version: number }).version === itinerary.version ? { body: { ...itinerary, version: 6 } } : refused),
      },
    );
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12/itineraries');
    await screen.findByRole('listitem', { name: 'Day 2: Along the river' });
    const titles = () => screen.getAllByLabelText('Title') as HTMLInputElement[];
    await user.type(titles()[0], ' by train');
    await user.clear(titles()[1]);
    await user.type(titles()[1], 'To Linz');
    // Someone else renamed day 2 and moved day 1 to day 0.
    itinerary = { version: 5, itineraries: [day(70, 0, 'Arrival in Passau'), day(71, 2, 'Linz by boat')] };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Both of you changed the same fields' });
    expect(within(dialog).getByRole('rowheader').textContent).toBe('Day 2 (To Linz): Title');
    await user.click(within(dialog).getByRole('button', { name: 'Keep all theirs' }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    const sent = server.writes()[1].body as { version: number; itineraries: { id: number; day: number; title: string }[] };
    expect(sent.version).toBe(5);
    expect(sent.itineraries.map(({ id, day: number, title }) => ({ id, number, title }))).toEqual([
      { id: 70, number: 0, title: 'Arrival in Passau by train' },
      { id: 71, number: 2, title: 'Linz by boat' },
    ]);
  });
});
