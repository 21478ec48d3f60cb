import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mediaAnswers, mediaRow, pickImage } from '../helpers/pick-image.js';
import { fakeApi, renderScreen } from '../helpers/render-reference-screen.js';
import { tourFixture, tourScreenRoutes, tourSeason } from '../helpers/tour-screen-fixtures.js';

const seasons = [tourSeason(), tourSeason({ id: 32, season_id: 4, name: '2027', live: false })];

describe('the tour sub-navigation', () => {
  it('links every tab of the tour, and View to the public tour page in a new tab', async () => {
    fakeApi({ 'GET tours/12/meta': { body: [] }, 'GET tours/12': { body: tourFixture() } });
    renderScreen(tourScreenRoutes, '/tours/12/details');
    const nav = await screen.findByRole('navigation', { name: 'Tour' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Overview',
      'Details',
      'Itinerary',
      'Documentation',
      'Seasons',
      'Bikes',
      'Routes',
      'Pricing',
      'Supplements',
      'Extra nights',
      'Reductions',
      'Specifications',
      'Data Export',
      'View',
    ]);
    expect(within(nav).getByRole('link', { name: 'Details' }).className).toBe('active');
    expect(within(nav).getByRole('link', { name: 'Extra nights' }).getAttribute('href')).toBe('/tours/12/room-extras');
    const view = within(nav).getByRole('link', { name: 'View' });
    expect([view.getAttribute('href'), view.getAttribute('target')]).toEqual(['https://www.example.com/tours/danube-cycle-path/', '_blank']);
  });

  it('finds the tour by its slug too', async () => {
    fakeApi({ 'GET tours/danube-cycle-path/meta': { body: [] }, 'GET tours/danube-cycle-path': { body: tourFixture() } });
    renderScreen(tourScreenRoutes, '/tours/danube-cycle-path/details');
    expect(await screen.findByRole('heading', { name: 'Danube Cycle Path' })).toBeTruthy();
  });

  it('says plainly when there is no such tour', async () => {
    fakeApi({});
    renderScreen(tourScreenRoutes, '/tours/999');
    expect(await screen.findByText('There is no tour "999".')).toBeTruthy();
  });

  it('offers the tour’s seasons on seasonal tabs, keeps the pick in the season query and carries it between seasonal tabs', async () => {
    fakeApi({ 'GET tours/12': { body: tourFixture({ seasons }) } });
    const user = userEvent.setup();
    const { router } = renderScreen(tourScreenRoutes, '/tours/12/pricing');
    const picker = await screen.findByLabelText('Pick a season');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pick a season', '2026 (live)', '2027']);
    await user.selectOptions(picker, '2027');
    expect(router.state.location.search).toBe('?season=4');
    const nav = screen.getByRole('navigation', { name: 'Tour' });
    expect(within(nav).getByRole('link', { name: 'Bikes' }).getAttribute('href')).toBe('/tours/12/bikes?season=4');
    expect(within(nav).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('/tours/12/details');
  });

  it('has no season picker on tabs that are not seasonal', async () => {
    fakeApi({ 'GET tours/12/meta': { body: [] }, 'GET tours/12': { body: tourFixture({ seasons }) } });
    renderScreen(tourScreenRoutes, '/tours/12/details');
    await screen.findByRole('heading', { name: 'Details' });
    expect(screen.queryByLabelText('Pick a season')).toBeNull();
  });
});

describe('the itinerary', () => {
  const saved = { version: 4, itineraries: [{ id: 70, day: 1, title: 'Arrival in Passau', type: 'public', content: '<p>Welcome</p>', media_id: null }] };

  it('adds days, reorders them and saves the list in its order with the version read', async () => {
    const api = fakeApi({
      'GET tours/12': { body: tourFixture() },
      'GET tours/12/itineraries': { body: saved },
      'PUT tours/12/itineraries': { body: { version: 5, itineraries: [] } },
    });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12/itineraries');
    await screen.findByRole('listitem', { name: 'Day 1: Arrival in Passau' });
    await user.click(screen.getByRole('button', { name: 'Add day' }));
    await user.type(screen.getAllByLabelText('Title')[1], 'Along the river');
    await user.click(screen.getByRole('button', { name: 'Add day' }));
    await user.type(screen.getAllByLabelText('Title')[2], 'Linz');
    await user.selectOptions(screen.getAllByLabelText('Type')[2], 'Documentation');
    await user.click(screen.getByRole('button', { name: 'Move Day 3: Linz up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Itineraries')).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: 'tours/12/itineraries',
        body: {
          version: 4,
          itineraries: [
            { id: 70, day: 1, title: 'Arrival in Passau', type: 'public', content: '<p>Welcome</p>', media_id: '' },
            { day: 3, title: 'Linz', type: 'documentation', content: '', media_id: '' },
            { day: 2, title: 'Along the river', type: 'public', content: '', media_id: '' },
          ],
        },
      },
    ]);
  });

  it('removes a day only after asking, and refuses a day that is not a number', async () => {
    const api = fakeApi({ 'GET tours/12': { body: tourFixture() }, 'GET tours/12/itineraries': { body: saved } });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12/itineraries');
    await user.click(await screen.findByRole('button', { name: 'Remove Day 1: Arrival in Passau' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Day 1: Arrival in Passau' })).toBeNull());
    expect(screen.getByText('This tour has no itinerary yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add the first day' }));
    await user.clear(screen.getByLabelText('Day'));
    await user.type(screen.getByLabelText('Day'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Day must be a whole number')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });
});

describe('the documentation', () => {
  it('saves the four fields with the version read', async () => {
    const stored = { id: 5, version: 4, arrival: '<p>Train to Passau</p>', luggage: '', food: '<p>Breakfast</p>', bike_details: '', map_id: null };
    const api = fakeApi({
      'GET tours/12': { body: tourFixture() },
      'GET tours/12/documentation': { body: stored },
      'PUT tours/12/documentation': (body) => ({ body: { ...stored, ...(body as object), version: 5 } }),
    });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12/documentation');
    expect(await screen.findByText('Train to Passau')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.writes()[0]).toEqual({
      method: 'PUT',
      path: 'tours/12/documentation',
      body: { arrival: '<p>Train to Passau</p>', luggage: '', food: '<p>Breakfast</p>', bike_details: '', map_id: null, id: 5, version: 4 },
    });
  });

  it('chooses the map image of the travel document with the image picker and saves its id', async () => {
    const stored = { id: 5, version: 4, arrival: '', luggage: '', food: '', bike_details: '', map_id: 21 };
    const api = fakeApi({
      'GET tours/12': { body: tourFixture() },
      'GET tours/12/documentation': { body: stored },
      'PUT tours/12/documentation': (body) => ({ body: { ...stored, ...(body as object), version: 5 } }),
      ...mediaAnswers(mediaRow(21, 'Old route map'), mediaRow(22, 'Danube route map')),
    });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12/documentation');
    const map = await screen.findByRole('group', { name: 'Map' });
    expect(await within(map).findByText('Old route map')).toBeTruthy();
    await pickImage(user, 'Map', 'Danube route map');
    expect(await within(map).findByText('Danube route map')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.writes().map((call) => call.body)).toEqual([{ arrival: '', luggage: '', food: '', bike_details: '', map_id: 22, id: 5, version: 4 }]);
  });

  it('resets the fields to empty when the documentation cannot be loaded', async () => {
    fakeApi({
      'GET tours/12': { body: tourFixture() },
      'GET tours/12/documentation': { status: 500, body: { errors: [{ msg: 'Something went wrong on the server. Nothing was saved.' }] } },
    });
    renderScreen(tourScreenRoutes, '/tours/12/documentation');
    expect(await screen.findByText('Something went wrong on the server. Nothing was saved.')).toBeTruthy();
    for (const label of ['Arrival', 'Luggage', 'Food', 'Bike details']) expect(screen.getByRole('textbox', { name: label }).textContent).toBe('');
  });
});

describe('the details', () => {
  it('saves the snippets and the map as tour meta with the gallery, and says Saved Snippet', async () => {
    const meta = [
      { key: 'accommodation', value: '<p>Cosy inns</p>' },
      { key: 'live_map', value: 'https://maps.example/1' },
    ];
    const gallery = { id: 8, version: 1, createdAt: '2026-01-01T00:00:00.000Z', media: [] };
    const api = fakeApi({
      'GET tours/12': { body: tourFixture() },
      'GET tours/12/meta': { body: meta },
      'GET galleries': { body: [{ ...gallery, used_by: [] }] },
      'GET galleries/8': { body: gallery },
      'PUT tours/12': (body) => ({ body: { ...tourFixture(), ...(body as object), version: 5 } }),
    });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12/details');
    const map = await screen.findByLabelText('Map');
    expect(map).toHaveProperty('value', 'https://maps.example/1');
    await user.clear(map);
    await user.type(map, 'https://maps.example/2');
    const picker = screen.getByRole('group', { name: 'Accommodation gallery' });
    await user.click(within(picker).getByRole('button', { name: 'Pick from existing' }));
    await user.selectOptions(await within(picker).findByLabelText('Gallery'), 'Gallery 8 · 0 images · not used yet');
    await user.click(within(picker).getByRole('button', { name: 'Use gallery' }));
    expect(await within(picker).findByText('Gallery 8 · 0 images')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Snippet')).toBeTruthy();
    expect(api.writes()[0]).toEqual({
      method: 'PUT',
      path: 'tours/12',
      body: {
        version: 4,
        accommodation_gallery_id: '8',
        meta: [
          { key: 'accommodation', value: '<p>Cosy inns</p>' },
          { key: 'bikes_snippet', value: '' },
          { key: 'getting_there', value: '' },
          { key: 'live_map', value: 'https://maps.example/2' },
        ],
      },
    });
  });
});
