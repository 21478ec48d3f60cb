import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SEASON_LIMITS } from '../../src/domain/pricing/season-limits.js';
import type { TourBike } from '../../src/domain/pricing/tour-bikes.js';
import type { PricingCategory, SeasonPricing, SeasonPricingSave, TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing.js';
import { BikesTab } from '../../src/screens/pricing/bikes-tab.js';
import { DataExportTab } from '../../src/screens/pricing/data-export-tab.js';
import { buildPricingXlsx } from '../../src/screens/tour-season/download-price-sheet.js';
import { emptyGroup } from '../../src/screens/pricing/price-groups.js';
import { pricingExport } from '../../src/screens/tour-season/pricing-export-rows.js';
import { PricingTab } from '../../src/screens/pricing/pricing-tab.js';
import { RoutesTab } from '../../src/screens/pricing/routes-tab.js';
import { SeasonsTab } from '../../src/screens/pricing/seasons-tab.js';
import { fakeApi, renderScreen, toastTexts, type FakeApi } from '../helpers/render-reference-screen.js';
import { roomExtraNight, seasonContext, tourFixture, tourSeason } from '../helpers/tour-screen-fixtures.js';

const routes = [
  { path: '/tours/:id/seasons', element: <SeasonsTab /> },
  { path: '/tours/:id/routes', element: <RoutesTab /> },
  { path: '/tours/:id/pricing', element: <PricingTab /> },
  { path: '/tours/:id/bikes', element: <BikesTab /> },
  { path: '/tours/:id/data-export', element: <DataExportTab /> },
];

const context = seasonContext();

/** A group of May 2026 (otherwise as Add Group makes one) with one price on the 20% rate. */
function mayGroup(fields: Partial<PricingCategory> = {}): PricingCategory {
  const { key: _key, size: _size, ...blank } = emptyGroup('2026-05-01');
  const group = {
    ...blank,
    id: 40,
    end: '2026-05-31',
    nights: 7,
    prices: [
      {
        id: 400,
        room_type_id: 1,
        accommodation_category_id: null,
        deck_id: null,
        formula: null,
        gross: 675,
        non_com: 0,
        adjustment: 0,
        markup_rate_id: 70,
        net: 540,
        cost: 648,
      },
    ],
    ...fields,
  };
  // As the server answers: the ranges given, else the one range start-end.
  return { ...group, date_ranges: fields.date_ranges ?? [{ start: group.start, end: group.end }] };
}

const pricingApi = (pricing: SeasonPricing, more: FakeApi = {}): FakeApi => ({
  'GET tours/12': { body: tourFixture() },
  'GET tour-pricing/12/3': { body: pricing },
  'GET tour-routes/12/3': { body: { routes: [{ id: 5, name: 'Riverside', tour_season_id: 31 }], version: 5 } },
  'GET room-types': { body: [{ id: 1, name: 'Double' }] },
  'GET accommodation-categories': { body: [{ id: 2, name: 'Comfort' }] },
  'GET decks': { body: [] },
  'GET boats': { body: [{ id: 9, name: 'MS Princess' }] },
  ...more,
});

const savedBody = (api: ReturnType<typeof fakeApi>) => api.writes().at(-1)?.body as SeasonPricingSave;

async function clickSaveThrice(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Save/ }));
  await user.click(screen.getByRole('button', { name: 'Are you sure?' }));
  await user.click(screen.getByRole('button', { name: 'Saving' }));
}

/** Sends a date field its text and Enter, as staff type it. */
async function typeDate(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

/** Opens a group's folded fields with its row's "Edit group N" button, as staff do. */
async function openGroup(user: ReturnType<typeof userEvent.setup>, number: number) {
  // The grid draws its rows after the first render: on a busy machine that can take over a second.
  await user.click(await screen.findByRole('button', { name: `Edit group ${number}` }, { timeout: 5000 }));
  return screen.getByRole('region', { name: `Group ${number}` });
}

const toolbarCounts = () => document.querySelector('.pricing-workspace .toolbar .muted')?.textContent;

describe('the seasons tab', () => {
  const tour = tourFixture({
    allSeasons: [
      { id: 3, name: '2026', model_id: 7, currency_id: 1 },
      { id: 4, name: '2027', model_id: 8, currency_id: 1 },
    ],
  });
  const seasonsApi = (more: FakeApi = {}) =>
    fakeApi({
      'GET tours/12': { body: tour },
      'GET models': {
        body: [
          { id: 7, name: 'Standard 2026', season_id: 3 },
          { id: 8, name: 'Standard 2027', season_id: 4 },
          { id: 9, name: 'Premium 2026', season_id: 3 },
        ],
      },
      'GET currencies': {
        body: [
          { id: 1, name: 'Euro' },
          { id: 2, name: 'Swiss franc' },
        ],
      },
      ...more,
    });
  const optionsOf = (label: string) =>
    within(screen.getByLabelText(label))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('offers only the chosen season’s pricing models, and clears the model when the season changes', async () => {
    seasonsApi();
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/seasons');
    await screen.findByLabelText('Pricing model of row 1');
    expect(optionsOf('Pricing model of row 1')).toEqual(['None', 'Standard 2026', 'Premium 2026']);
    expect((screen.getByLabelText('Pricing model of row 1') as HTMLSelectElement).value).toBe('7');
    await user.selectOptions(screen.getByLabelText('Season of row 1'), '2027');
    expect(optionsOf('Pricing model of row 1')).toEqual(['None', 'Standard 2027']);
    expect((screen.getByLabelText('Pricing model of row 1') as HTMLSelectElement).value).toBe('');
  });

  it('saves the seasons with PUT tours/{id}, sending an empty deposit, model or currency as null', async () => {
    const api = seasonsApi({ 'PUT tours/12': { body: { ...tour, version: 5 } } });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/seasons');
    await user.clear(await screen.findByLabelText('Deposit of row 1'));
    await user.selectOptions(screen.getByLabelText('Currency of row 1'), 'None');
    await user.click(screen.getByRole('button', { name: 'Add Season' }));
    expect((screen.getByLabelText('Season of row 2') as HTMLSelectElement).value).toBe('4');
    await user.type(screen.getByLabelText('Deposit of row 2'), '250');
    await user.selectOptions(screen.getByLabelText('Pricing model of row 2'), 'Standard 2027');
    await user.click(screen.getByLabelText('Live of row 2'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: 'tours/12',
        body: {
          version: 4,
          seasons: [
            { id: 31, season_id: 3, deposit: null, markup_model_id: 7, currency_id: null, live: true },
            { season_id: 4, deposit: 250, markup_model_id: 8, currency_id: null, live: true },
          ],
        },
      },
    ]);
  });

  it('offers Save only after a change, and refuses a negative deposit beside it when the browser lets the form through', async () => {
    const api = seasonsApi();
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/seasons');
    const deposit = await screen.findByLabelText('Deposit of row 1');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(deposit);
    await user.type(deposit, '-5');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
    // Submitted as a browser without form validation would: the route's schema refuses it.
    fireEvent.submit(deposit.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Must not be negative');
    expect(deposit.getAttribute('aria-invalid')).toBe('true');
    expect(api.writes()).toEqual([]);
  });
  it('merges a save someone else made first: my deposit and their Live both kept, saved at their version (issue 29)', async () => {
    let stored = tour;
    const stale = { status: 409, body: { errors: [{ msg: 'This tour was changed by someone else since you opened it.', path: 'version' }] } };
    const api = seasonsApi({
      'GET tours/12': () => ({ body: stored }),
      'GET last-change/tours/12': { body: { changed_by: null, changed_at: null } },
      'PUT tours/12': (body) => ((body as { version: number }).version === stored.version ? { body: { ...stored, version: stored.version + 1 } } : stale),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/seasons');
    const deposit = await screen.findByLabelText('Deposit of row 1');
    await user.clear(deposit);
    await user.type(deposit, '175');
    stored = { ...tour, version: 5, seasons: tour.seasons.map((season) => ({ ...season, live: false })) };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1].body).toEqual({
      version: 5,
      seasons: [{ id: 31, season_id: 3, deposit: 175, markup_model_id: 7, currency_id: 1, live: false }],
    });
  });
});

describe('the routes tab', () => {
  const stored = {
    routes: [
      { id: 5, name: 'Riverside', tour_season_id: 31 },
      { id: 6, name: 'Hills', tour_season_id: 31 },
    ],
    version: 5,
  };

  it('adds, renames and removes routes, asking before a stored one goes, and saves them with the version read', async () => {
    const api = fakeApi({
      'GET tours/12': { body: tourFixture() },
      'GET tour-routes/12/3': { body: stored },
      'PUT tour-routes/12/3': { body: { routes: [], version: 6 } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/routes?season=3');
    await user.type(await screen.findByLabelText('Route 1 name'), ' path');
    await user.click(screen.getByRole('button', { name: 'Add route' }));
    await user.type(screen.getByLabelText('Route 3 name'), 'Lakes');
    await user.click(screen.getByRole('button', { name: 'Add route' }));
    // A route never saved goes at once; a stored one only after the staged-delete confirmation.
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[3]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[1]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You will not be able to revert this after saving!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Hills')).toBeNull());
    expect(api.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes()).toEqual([
      { method: 'PUT', path: 'tour-routes/12/3', body: { version: 5, routes: [{ id: 5, name: 'Riverside path' }, { name: 'Lakes' }] } },
    ]);
  });

  it('offers Save only while the list differs from what is stored, and not again after the save', async () => {
    fakeApi({
      'GET tours/12': { body: tourFixture() },
      'GET tour-routes/12/3': { body: stored },
      'PUT tour-routes/12/3': (body) => ({
        body: { routes: [{ id: 5, name: (body as { routes: { name: string }[] }).routes[0].name, tour_season_id: 31 }, stored.routes[1]], version: 6 },
      }),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/routes?season=3');
    const name = await screen.findByLabelText('Route 1 name');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(name, 's');
    expect(save.disabled).toBe(false);
    await user.type(name, '{Backspace}');
    expect(save.disabled).toBe(true);
    await user.type(name, ' path');
    await user.click(save);
    await screen.findByText('Saved');
    expect((screen.getByLabelText('Route 1 name') as HTMLInputElement).value).toBe('Riverside path');
    expect(save.disabled).toBe(true);
  });

  it('merges a save someone else made first: my name for one route and theirs for the other, at their version (issue 29)', async () => {
    let current = stored;
    const api = fakeApi({
      'GET tours/12': { body: tourFixture() },
      'GET tour-routes/12/3': () => ({ body: current }),
      'PUT tour-routes/12/3': (body) =>
        (body as { version: number }).version === current.version
          ? { body: { ...current, version: current.version + 1 } }
          : { status: 409, body: { errors: [{ msg: 'These routes were changed by someone else since you opened them.', path: 'version' }] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/routes?season=3');
    await user.type(await screen.findByLabelText('Route 1 name'), ' path');
    current = { version: 6, routes: [stored.routes[0], { ...stored.routes[1], name: 'Hills and vines' }] };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1].body).toEqual({
      version: 6,
      routes: [
        { id: 5, name: 'Riverside path' },
        { id: 6, name: 'Hills and vines' },
      ],
    });
  });

  it('refuses to save a route without a name', async () => {
    const api = fakeApi({ 'GET tours/12': { body: tourFixture() }, 'GET tour-routes/12/3': { body: stored } });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/routes?season=3');
    await user.click(await screen.findByRole('button', { name: 'Add route' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name every route');
    expect(api.writes()).toEqual([]);
  });
});

describe('the pricing tab', () => {
  it.each([
    ['model', { ...context, model: null, markup_model_id: null }],
    ['currency', { ...context, currency: null, currency_id: null }],
  ])('says the season is missing its %s instead of showing prices', async (_missing, season) => {
    fakeApi(pricingApi({ tour_season: season, categories: [mayGroup()] }));
    renderScreen(routes, '/tours/12/pricing?season=3');
    expect(await screen.findByText("Error: Missing 'Model' or 'Currency' data for this season.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Group' })).toBeNull();
  });

  it('starts a new group the day after the last group’s end', async () => {
    fakeApi(pricingApi({ tour_season: context, categories: [mayGroup()] }));
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    await user.click(await screen.findByRole('button', { name: 'Add Group' }));
    const panel = screen.getByRole('region', { name: 'Group 2' });
    expect((within(panel).getByLabelText('Start') as HTMLInputElement).value).toBe('01/06/2026');
    expect((within(panel).getByLabelText('End') as HTMLInputElement).value).toBe('');
    expect(toolbarCounts()).toBe('2 groups, 1 price');
  });

  it('starts the first group of an empty season on 1 May of the season’s year', async () => {
    fakeApi(pricingApi({ tour_season: { ...context, season_name: 'Summer 2027' }, categories: [] }));
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    await user.click(await screen.findByRole('button', { name: 'Add Group' }));
    expect((within(screen.getByRole('region', { name: 'Group 1' })).getByLabelText('Start') as HTMLInputElement).value).toBe('01/05/2027');
  });

  it('folds each group’s fields into its row, and opens and folds them again with Edit group (aria-expanded)', async () => {
    fakeApi(pricingApi({ tour_season: context, categories: [mayGroup({ restricted_days: [0], specific_dates: ['2026-05-03'] })] }));
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    const edit = await screen.findByRole('button', { name: 'Edit group 1' });
    expect(screen.getByText('01/05/2026 – 31/05/2026 · 7 nights · restricted Sun · 1 specific date · 1 price')).toBeTruthy();
    expect([edit.getAttribute('aria-expanded'), screen.queryByRole('region', { name: 'Group 1' })]).toEqual(['false', null]);
    await user.click(edit);
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    await user.selectOptions(within(screen.getByRole('region', { name: 'Group 1' })).getByLabelText('Nights'), '8');
    expect(screen.getByText('01/05/2026 – 31/05/2026 · 8 nights · restricted Sun · 1 specific date · 1 price')).toBeTruthy();
    await user.click(edit);
    expect([edit.getAttribute('aria-expanded'), screen.queryByRole('region', { name: 'Group 1' })]).toEqual(['false', null]);
    await user.click(edit);
    await user.click(within(screen.getByRole('region', { name: 'Group 1' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Group 1' })).toBeNull();
  });

  it('duplicates a group five times by default, each copy on the following dates, and refuses a count below 1', async () => {
    const api = fakeApi(
      pricingApi(
        { tour_season: context, categories: [mayGroup({ end: '2026-05-07' })] },
        { 'PUT tour-pricing/12/3': { body: { tour_season: { ...context, version: 6 }, categories: [] } } },
      ),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    const panel = await openGroup(user, 1);
    const copies = within(panel).getByLabelText('Copies') as HTMLInputElement;
    expect(copies.value).toBe('5');
    await user.clear(copies);
    await user.type(copies, '0');
    await user.click(within(panel).getByRole('button', { name: 'Duplicate group' }));
    // The field's own minimum stops the form, as the browser does, so nothing is duplicated.
    expect(copies.checkValidity()).toBe(false);
    expect(toolbarCounts()).toBe('1 group, 1 price');
    await user.clear(copies);
    await user.type(copies, '5');
    await user.click(within(panel).getByRole('button', { name: 'Duplicate group' }));
    expect(toolbarCounts()).toBe('6 groups, 6 prices');
    await clickSaveThrice(user);
    // A save that changed groups names each one (SPEC.md section 8).
    await screen.findAllByText(/^(Created|Updated|Deleted) category \d+$/);
    const body = savedBody(api);
    expect(body.categories.map((category) => [category.start, category.end])).toEqual([
      ['2026-05-01', '2026-05-07'],
      ['2026-05-08', '2026-05-14'],
      ['2026-05-15', '2026-05-21'],
      ['2026-05-22', '2026-05-28'],
      ['2026-05-29', '2026-06-04'],
      ['2026-06-05', '2026-06-11'],
    ]);
    expect(body.categories.map((category) => [category.id, category.prices[0].id, category.prices[0].gross])).toEqual([
      [40, 400, 675],
      ...Array.from({ length: 5 }, () => [undefined, undefined, 675]),
    ]);
  });

  it('says a count below 1 beside Duplicate group when the browser lets the form through, and duplicates nothing', async () => {
    fakeApi(pricingApi({ tour_season: context, categories: [mayGroup({ end: '2026-05-07' })] }));
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    const panel = await openGroup(user, 1);
    const copies = within(panel).getByLabelText('Copies') as HTMLInputElement;
    await user.clear(copies);
    await user.type(copies, '0');
    // Submitted as a browser without form validation would: the form's own check refuses it.
    fireEvent.submit(copies.closest('form')!);
    expect(await within(panel).findByText('Duplicate at least 1 time')).toBeTruthy();
    expect(copies.getAttribute('aria-invalid')).toBe('true');
    expect(toolbarCounts()).toBe('1 group, 1 price');
  });

  it('Add new dates gives the group a range after the season’s last end, as long as its last range (issue 18)', async () => {
    const june = mayGroup({ id: 41, start: '2026-05-08', end: '2026-06-30' });
    june.prices = june.prices.map((price) => ({ ...price, id: 401 }));
    const api = fakeApi(
      pricingApi(
        { tour_season: context, categories: [mayGroup({ end: '2026-05-07' }), june] },
        { 'PUT tour-pricing/12/3': { body: { tour_season: { ...context, version: 6 }, categories: [] } } },
      ),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    const panel = await openGroup(user, 1);
    await user.click(within(panel).getByRole('button', { name: 'Add new dates' }));
    // A range of the group itself, not a new group, after group 2's end (not group 1's, which group 2 follows).
    expect(toolbarCounts()).toBe('2 groups, 2 prices');
    const added = within(panel).getByRole('listitem', { name: 'Dates 2' });
    expect([(within(added).getByLabelText('Start') as HTMLInputElement).value, (within(added).getByLabelText('End') as HTMLInputElement).value]).toEqual([
      '01/07/2026',
      '07/07/2026',
    ]);
    expect(screen.getByText('01/05/2026 – 07/05/2026, 01/07/2026 – 07/07/2026 · 7 nights · 1 price')).toBeTruthy();
    await clickSaveThrice(user);
    await screen.findAllByText(/^(Created|Updated|Deleted) category \d+$/);
    expect(savedBody(api).categories[0]).toMatchObject({
      start: '2026-05-01',
      end: '2026-07-07',
      date_ranges: [
        { start: '2026-05-01', end: '2026-05-07' },
        { start: '2026-07-01', end: '2026-07-07' },
      ],
    });
  });

  it('Remove dates asks first, takes off only the range confirmed, and keeps the last range, saying why (issue 18)', async () => {
    const ranges = [
      { start: '2026-05-01', end: '2026-05-31' },
      { start: '2026-07-01', end: '2026-07-31' },
    ];
    const api = fakeApi(
      pricingApi(
        { tour_season: context, categories: [mayGroup({ end: '2026-07-31', date_ranges: ranges })] },
        { 'PUT tour-pricing/12/3': { body: { tour_season: { ...context, version: 6 }, categories: [] } } },
      ),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    const panel = await openGroup(user, 1);
    const removeFirst = () => within(within(panel).getByRole('listitem', { name: 'Dates 1' })).getByRole('button', { name: 'Remove dates' });

    await user.click(removeFirst());
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('01/05/2026 – 31/05/2026 will be taken off group 1. You will not be able to revert this after saving!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);

    await user.click(removeFirst());
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(1));
    expect((within(panel).getByLabelText('Start') as HTMLInputElement).value).toBe('01/07/2026');
    expect((removeFirst() as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel).getByText('A group keeps at least one date range: add new dates before removing these.')).toBeTruthy();

    await clickSaveThrice(user);
    await screen.findAllByText(/^(Created|Updated|Deleted) category \d+$/);
    expect(savedBody(api).categories[0]).toMatchObject({ start: '2026-07-01', end: '2026-07-31', date_ranges: [{ start: '2026-07-01', end: '2026-07-31' }] });
  });

  it('takes dates typed as dd/mm/yyyy and ignores anything else', async () => {
    const api = fakeApi(
      pricingApi(
        { tour_season: context, categories: [mayGroup()] },
        { 'PUT tour-pricing/12/3': { body: { tour_season: { ...context, version: 6 }, categories: [] } } },
      ),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    const panel = await openGroup(user, 1);
    const start = within(panel).getByLabelText('Start') as HTMLInputElement;
    for (const ignored of ['2026-05-15', '15.05.2026', '31/02/2026', 'soon']) {
      await typeDate(user, start, ignored);
      expect(start.value, ignored).toBe('01/05/2026');
    }
    await typeDate(user, start, '15/05/2026');
    expect(start.value).toBe('15/05/2026');
    await typeDate(user, within(panel).getByLabelText('End'), '14/6/2026');

    const restricted = within(panel).getByRole('textbox', { name: 'Restricted dates' });
    await typeDate(user, restricted, '20 May');
    expect(within(panel).getByText('Type the date as dd/mm/yyyy')).toBeTruthy();
    await typeDate(user, restricted, '20/05/2026');
    expect(
      within(within(panel).getByRole('list', { name: 'Restricted dates' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['20/05/2026×']);

    await clickSaveThrice(user);
    // A save that changed groups names each one (SPEC.md section 8).
    await screen.findAllByText(/^(Created|Updated|Deleted) category \d+$/);
    expect(savedBody(api).categories[0]).toMatchObject({ start: '2026-05-15', end: '2026-06-14', restricted_dates: ['2026-05-20'] });
  });

  it('rejects a date already in a multi-select list', async () => {
    fakeApi(pricingApi({ tour_season: context, categories: [mayGroup({ specific_dates: ['2026-05-03'] })] }));
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    const panel = await openGroup(user, 1);
    await typeDate(user, within(panel).getByRole('textbox', { name: 'Specific dates' }), '03/05/2026');
    expect(within(panel).getByText('03/05/2026 is already in the list')).toBeTruthy();
    expect(within(within(panel).getByRole('list', { name: 'Specific dates' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps a deleted price deleted when the save is refused for a formula naming it (issue 27, defect 3)', async () => {
    const [price] = mayGroup().prices;
    const prices = [price, { ...price, id: 401, gross: 700 }, { ...price, id: 402, formula: '[1]+10', gross: 710 }];
    const api = fakeApi(pricingApi({ tour_season: context, categories: [mayGroup({ prices })] }));
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    // Row-index 0 is the group's header: price row n is row-index n + 1.
    const cell = (row: number, column: string) =>
      document.querySelector<HTMLElement>(`.price-grid .ag-row[row-index="${row + 1}"] .ag-cell[col-id="${column}"]`);
    await waitFor(() => expect(cell(2, 'gross')).not.toBeNull());
    await user.click(cell(1, 'gross') as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Delete rows' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(toolbarCounts()).toBe('1 group, 2 prices');
    await waitFor(() => expect(cell(1, 'gross')?.textContent).toBe('#REF!'));

    await clickSaveThrice(user);
    await waitFor(() => expect(toastTexts()).toContain('Row 1: Refers to a deleted row'));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 2 rows'));
    // Nothing changed: the price stays deleted, the formula keeps its error and its row is marked.
    expect(toolbarCounts()).toBe('1 group, 2 prices');
    expect(cell(1, 'gross')?.textContent).toBe('#REF!');
    expect(cell(1, '#')?.style.color).toBe('rgb(198, 40, 40)');
    expect(api.writes()).toEqual([]);
  });

  it('keeps a Copy From Replace when the save fails: the replaced group and one removed before stay removed and go with the next save', async () => {
    const source = mayGroup({ id: 70, start: '2025-06-01', end: '2025-06-30' });
    const june = mayGroup({ id: 41, start: '2026-06-01', end: '2026-06-30', prices: [{ ...mayGroup().prices[0], id: 410 }] });
    let puts = 0;
    const api = fakeApi(
      pricingApi(
        { tour_season: context, categories: [mayGroup(), june] },
        {
          'GET tours/all': {
            body: [{ id: 15, name: 'Lake Constance', tour_code: 'LC', seasons: [{ id: 44, season_id: 2, name: '2025', markup_model_id: 8, live: true }] }],
          },
          'GET tour-pricing/15/2': { body: { tour_season: { ...context, id: 44, tour_id: 15, season_id: 2, season_name: '2025' }, categories: [source] } },
          'PUT tour-pricing/12/3': () =>
            (puts += 1) === 1
              ? { status: 400, body: { errors: [{ msg: 'The database is not answering' }] } }
              : { body: { tour_season: { ...context, version: 6 }, categories: [{ ...source, id: 71, start: '2026-06-01', end: '2026-06-30' }] } },
        },
      ),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    // Group 2 removed on its own first, then the rest replaced by the copy.
    // The grid draws its group rows after the first render: on a busy machine that can take over a second.
    const removeButtons = await screen.findAllByRole('button', { name: 'Remove Group' }, { timeout: 5000 });
    await user.click(removeButtons[1]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(toolbarCounts()).toBe('1 group, 1 price');
    await user.click(await screen.findByRole('button', { name: 'Copy From' }));
    const panel = screen.getByRole('form', { name: 'Copy From' });
    await user.selectOptions(await within(panel).findByLabelText('Tour'), 'Lake Constance (LC)');
    await user.selectOptions(within(panel).getByLabelText('Season'), '2025');
    await user.click(within(panel).getByRole('radio', { name: 'Replace' }));
    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Copy' }));
    expect(toolbarCounts()).toBe('1 group, 1 price');

    await clickSaveThrice(user);
    await waitFor(() => expect(puts).toBe(1));
    expect(savedBody(api)).toMatchObject({ removed_category_ids: [41, 40], categories: [{ start: '2026-06-01', end: '2026-06-30' }] });
    // The failed save put nothing back: the copy still stands in place of both groups.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).getAttribute('aria-disabled')).toBe('false'));
    expect(toolbarCounts()).toBe('1 group, 1 price');

    await clickSaveThrice(user);
    // A save that changed groups names each one (SPEC.md section 8).
    await screen.findAllByText(/^(Created|Updated|Deleted) category \d+$/);
    expect(puts).toBe(2);
    expect(savedBody(api)).toMatchObject({ removed_category_ids: [41, 40], categories: [{ start: '2026-06-01', end: '2026-06-30' }] });
    expect(savedBody(api).categories).toHaveLength(1);
  });

  it('saves on the third click only, and goes back to the label 2 s after a click', async () => {
    const api = fakeApi(
      pricingApi(
        { tour_season: context, categories: [mayGroup()] },
        { 'PUT tour-pricing/12/3': { body: { tour_season: { ...context, version: 6 }, categories: [mayGroup({ nights: 8 })] } } },
      ),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    const panel = await openGroup(user, 1);
    await user.selectOptions(within(panel).getByLabelText('Nights'), '8');
    const save = () => screen.getByRole('button', { name: /^(Save|Are you sure\?|Saving)/ });
    expect(save().textContent).toBe('Save');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(save());
    expect(save().textContent).toBe('Are you sure?');
    act(() => vi.advanceTimersByTime(1999));
    expect(save().textContent).toBe('Are you sure?');
    act(() => vi.advanceTimersByTime(1));
    expect(save().textContent).toBe('Save');
    fireEvent.click(save());
    fireEvent.click(save());
    expect(save().textContent).toBe('Saving');
    act(() => vi.advanceTimersByTime(2000));
    expect(save().textContent).toBe('Save');
    expect(api.writes()).toEqual([]);

    fireEvent.click(save());
    fireEvent.click(save());
    fireEvent.click(save());
    vi.useRealTimers();
    // A save that changed groups names each one (SPEC.md section 8).
    await screen.findAllByText(/^(Created|Updated|Deleted) category \d+$/);
    expect(api.writes()).toHaveLength(1);
    expect(savedBody(api)).toMatchObject({
      version: 5,
      removed_category_ids: [],
      categories: [{ id: 40, nights: 8, prices: [{ id: 400, gross: 675, markup_rate_id: 70 }] }],
    });
  });
});

describe('the pricing tab’s Import xlsx (issue 21)', () => {
  /** The app's export of `pricing`, edited with exceljs (cells by address) as a manager would in Excel. */
  async function editedSheet(pricing: SeasonPricing, cells: Record<string, number>) {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      await buildPricingXlsx(pricingExport(tourFixture(), [{ pricing, lookups: { boats: [], routes: [], roomTypes: [], accommodation: [] } }]), new Date()),
    );
    const sheet = workbook.getWorksheet('Pricing')!;
    for (const [address, value] of Object.entries(cells)) sheet.getCell(address).value = value;
    return new File([(await workbook.xlsx.writeBuffer()) as ArrayBuffer], 'edited.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  }
  const grossCell = () => screen.getByRole('region', { name: 'Prices' }).querySelector<HTMLElement>('[col-id="gross"][role="gridcell"]')!;
  const saveLabel = () => screen.getByRole('button', { name: /^Save/ }).textContent;

  it('previews the changed cells, stages them on Accept as one undoable unsaved edit, and saves them', async () => {
    const pricing = { tour_season: context, categories: [mayGroup()] };
    const api = fakeApi(pricingApi(pricing, { 'PUT tour-pricing/12/3': { body: { tour_season: { ...context, version: 6 }, categories: [mayGroup()] } } }));
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    await screen.findByRole('button', { name: 'Import xlsx' });
    // Row 2 of the sheet is price 400: gross (M) 675 -> 700, adjustment (R) 0 -> 5.
    const file = await editedSheet(pricing, { M2: 700, R2: 5 });
    await user.upload(screen.getByLabelText('Pricing sheet to import'), file);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const rows = within(within(dialog).getByRole('table', { name: 'Changed cells' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['2', '0', 'Gross', '675', '700'],
      ['2', '0', 'Adjustment', '0', '5'],
    ]);
    expect(within(dialog).getByText('Rows not matched (0)')).toBeTruthy();
    expect(saveLabel()).toBe('Save');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(saveLabel()).toBe('Save 1 row'));
    expect(grossCell().textContent).toContain('700');
    expect(api.writes()).toEqual([]);

    // One undo step takes the whole import back.
    await user.click(grossCell());
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(saveLabel()).toBe('Save'));
    expect(grossCell().textContent).toContain('675');

    await user.upload(screen.getByLabelText('Pricing sheet to import'), file);
    await user.click(within(await screen.findByRole('dialog', {}, { timeout: 10_000 })).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(saveLabel()).toBe('Save 1 row'));
    await clickSaveThrice(user);
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(savedBody(api)).toMatchObject({ version: 5, categories: [{ id: 40, prices: [{ id: 400, gross: 700, adjustment: 5 }] }] });
  });

  it('refuses a sheet of another season, saying so, and changes nothing', async () => {
    const pricing = { tour_season: context, categories: [mayGroup()] };
    fakeApi(pricingApi(pricing));
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    await screen.findByRole('button', { name: 'Import xlsx' });
    // V is the hidden Season id column.
    await user.upload(screen.getByLabelText('Pricing sheet to import'), await editedSheet(pricing, { M2: 700, V2: 99 }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      `Row 2 belongs to another tour or season (tour ${context.tour_id}, season 99): this is ${context.season_name} of tour ${context.tour_id}`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(saveLabel()).toBe('Save');
  });
});

describe('the pricing tab at the size limit (issue 19)', () => {
  it(`refuses to send a season past ${SEASON_LIMITS.groups} groups, with the server's message`, async () => {
    let puts = 0;
    const full = Array.from({ length: SEASON_LIMITS.groups }, (_, index) => mayGroup({ id: 1000 + index, prices: [] }));
    fakeApi(
      pricingApi(
        { tour_season: context, categories: full },
        { 'PUT tour-pricing/12/3': () => ((puts += 1), { body: { tour_season: { ...context, version: 6 }, categories: [] } }) },
      ),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/pricing?season=3');
    await user.click(await screen.findByRole('button', { name: 'Add Group' }));
    await clickSaveThrice(user);
    expect(await screen.findByText(`A season holds at most ${SEASON_LIMITS.groups} groups; this save has ${SEASON_LIMITS.groups + 1}`)).toBeTruthy();
    expect(puts).toBe(0);
  });
});

describe('the bikes tab', () => {
  const bikeList = {
    body: [
      { id: 1, name: 'Hybrid', default_order: 2 },
      { id: 2, name: 'E-bike', default_order: 1 },
      { id: 3, name: 'Tandem', default_order: 3 },
    ],
  };
  const bikesApi = (season: TourSeasonPricingContext, bikes: TourBike[] = [], more: FakeApi = {}) =>
    fakeApi({ 'GET tours/12': { body: tourFixture() }, 'GET tour-bikes/12/3': { body: { tour_season: season, bikes } }, 'GET bikes': bikeList, ...more });
  const savedBikes = (api: ReturnType<typeof fakeApi>) => (api.writes().at(-1)?.body as { bikes: Record<string, unknown>[] }).bikes;

  it('links to the seasons tab when the season has no pricing model', async () => {
    bikesApi({ ...context, model: null, markup_model_id: null });
    renderScreen(routes, '/tours/12/bikes?season=3');
    const link = await screen.findByRole('link', { name: 'Choose one on the Seasons tab' });
    expect(link.getAttribute('href')).toBe('/tours/12/seasons?season=3');
  });

  it('has no such link when the season has a model', async () => {
    bikesApi(context);
    renderScreen(routes, '/tours/12/bikes?season=3');
    await screen.findByRole('button', { name: 'Add Bike' });
    expect(screen.queryByRole('link', { name: 'Choose one on the Seasons tab' })).toBeNull();
  });

  it('asks for a bike before Add Bike, then adds the chosen one and saves it', async () => {
    const api = bikesApi(context, [], { 'PUT tour-bikes/12/3': { body: { tour_season: { ...context, version: 6 }, bikes: [] } } });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/bikes?season=3');
    await user.click(await screen.findByRole('button', { name: 'Add Bike' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a bike first');
    expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bike' }), 'Tandem');
    await user.click(screen.getByRole('button', { name: 'Add Bike' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 1 row');
    await clickSaveThrice(user);
    await screen.findByText('Saved');
    expect(api.writes()[0].body).toEqual({
      version: 5,
      removed_ids: [],
      // Order is the row's position (issue 17, defect 4): the first bike is order 0, shown as 1.
      bikes: [{ bike_id: 3, order: 0, nights: null, gallery_id: null, boat_id: null, formula: null, gross: 0, non_com: 0, adjustment: 0, markup_rate_id: 70 }],
    });
  });

  it('adds the two default bikes 500 ms apart, in their default order', async () => {
    const api = bikesApi(context, [], { 'PUT tour-bikes/12/3': { body: { tour_season: { ...context, version: 6 }, bikes: [] } } });
    renderScreen(routes, '/tours/12/bikes?season=3');
    const addDefaults = await screen.findByRole('button', { name: 'Add Default Bikes' });
    const label = () => screen.getByRole('button', { name: /^Save/ }).textContent;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(addDefaults);
    act(() => vi.advanceTimersByTime(0));
    expect(label()).toBe('Save 1 row');
    act(() => vi.advanceTimersByTime(499));
    expect(label()).toBe('Save 1 row');
    act(() => vi.advanceTimersByTime(1));
    expect(label()).toBe('Save 2 rows');
    vi.useRealTimers();
    await clickSaveThrice(userEvent.setup());
    await screen.findByText('Saved');
    expect(savedBikes(api).map((bike) => [bike.bike_id, bike.order])).toEqual([
      [2, 0],
      [1, 1],
    ]);
  });

  it('marks the row a failed save names by a database key, as the pricing tab does', async () => {
    const stored = (id: number, bikeId: number, order: number): TourBike => ({
      id,
      tour_season_id: 31,
      bike_id: bikeId,
      order,
      nights: null,
      boat_id: null,
      gallery_id: null,
      formula: null,
      gross: 100,
      non_com: 0,
      adjustment: 0,
      markup_rate_id: 70,
      net: 80,
      cost: 84,
    });
    const refusal = { errors: [{ msg: 'bike_id 3 does not exist in bikes.', path: 'bike_id' }] };
    bikesApi(context, [stored(50, 1, 1), stored(51, 3, 2)], { 'PUT tour-bikes/12/3': { status: 409, body: refusal } });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/bikes?season=3');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bike' }), 'E-bike');
    await user.click(screen.getByRole('button', { name: 'Add Bike' }));
    await clickSaveThrice(user);
    expect((await screen.findAllByText('bike_id 3 does not exist in bikes.')).length).toBeGreaterThan(0);
    const indexCell = (row: number) => document.querySelector<HTMLElement>(`.price-grid .ag-row[row-index="${row}"] .ag-cell[col-id="#"]`);
    await waitFor(() => expect(indexCell(1)?.style.color).toBe('rgb(198, 40, 40)'));
    expect([indexCell(0)?.style.color, indexCell(2)?.style.color]).not.toContain('rgb(198, 40, 40)');
  });

  it('keeps a Copy From Replace when the save fails: the replaced bike and one deleted before stay removed and go with the next save', async () => {
    const bike = (id: number, bikeId: number): TourBike => ({
      id,
      tour_season_id: 31,
      bike_id: bikeId,
      order: 1,
      nights: null,
      boat_id: null,
      gallery_id: null,
      formula: null,
      gross: 100,
      non_com: 0,
      adjustment: 0,
      markup_rate_id: 70,
      net: 80,
      cost: 84,
    });
    let puts = 0;
    const api = bikesApi(context, [bike(50, 1), { ...bike(51, 2), order: 2 }], {
      'GET tours/all': {
        body: [{ id: 15, name: 'Lake Constance', tour_code: 'LC', seasons: [{ id: 44, season_id: 2, name: '2025', markup_model_id: 8, live: true }] }],
      },
      'GET tour-bikes/15/2': { body: { tour_season: { ...context, id: 44, tour_id: 15, season_id: 2, season_name: '2025' }, bikes: [bike(60, 3)] } },
      'PUT tour-bikes/12/3': () =>
        (puts += 1) === 1
          ? { status: 400, body: { errors: [{ msg: 'The database is not answering' }] } }
          : { body: { tour_season: { ...context, version: 6 }, bikes: [bike(61, 3)] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/bikes?season=3');
    const rowCount = () => new Set([...document.querySelectorAll('.price-grid .ag-row[row-index]')].map((row) => row.getAttribute('row-index'))).size;
    // Bike 51 deleted on its own first, then the rest replaced by the copy.
    await waitFor(() => expect(rowCount()).toBe(2));
    await user.click(document.querySelector<HTMLElement>('.price-grid .ag-row[row-index="1"] .ag-cell[col-id="gross"]') as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Delete rows' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowCount()).toBe(1));
    await user.click(await screen.findByRole('button', { name: 'Copy From' }));
    const panel = screen.getByRole('form', { name: 'Copy From' });
    await user.selectOptions(await within(panel).findByLabelText('Tour'), 'Lake Constance (LC)');
    await user.selectOptions(within(panel).getByLabelText('Season'), '2025');
    await user.click(within(panel).getByRole('radio', { name: 'Replace' }));
    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(document.querySelector('.price-grid .ag-row[row-index="0"] .ag-cell[col-id="bike_id"]')?.textContent).toBe('Tandem'));
    expect(rowCount()).toBe(1);

    await clickSaveThrice(user);
    await waitFor(() => expect(puts).toBe(1));
    expect(api.writes()[0].body).toMatchObject({ removed_ids: [51, 50], bikes: [{ bike_id: 3 }] });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).getAttribute('aria-disabled')).toBe('false'));
    // The failed save put nothing back: the copy still stands in place of both bikes.
    expect(rowCount()).toBe(1);

    await clickSaveThrice(user);
    await screen.findByText('Saved');
    expect(puts).toBe(2);
    expect(api.writes()[1].body).toMatchObject({ removed_ids: [51, 50], bikes: [{ bike_id: 3 }] });
    expect(savedBikes(api)).toHaveLength(1);
  });

  it('refuses Add Default Bikes when the bike list has fewer than two bikes', async () => {
    fakeApi({
      'GET tours/12': { body: tourFixture() },
      'GET tour-bikes/12/3': { body: { tour_season: context, bikes: [] } },
      'GET bikes': { body: [{ id: 1, name: 'Hybrid' }] },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/bikes?season=3');
    await user.click(await screen.findByRole('button', { name: 'Add Default Bikes' }));
    expect(screen.getByRole('alert').textContent).toBe('Add Default Bikes needs 2 bikes in the bike list');
    expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save');
  });
});

describe('the data export tab', () => {
  const twoSeasons = tourFixture({ seasons: [tourSeason(), tourSeason({ id: 32, season_id: 4, name: '2027', live: false })] });
  const exportApi = () =>
    fakeApi(
      pricingApi(
        { tour_season: context, categories: [mayGroup()] },
        {
          'GET tours/12': { body: twoSeasons },
          'GET tour-pricing/12/4': {
            body: {
              tour_season: { ...context, id: 32, season_id: 4, season_name: '2027' },
              categories: [mayGroup({ id: 41, start: '2027-05-01', end: '2027-05-31' })],
            },
          },
          'GET tour-routes/12/4': { body: { routes: [], version: 1 } },
        },
      ),
    );

  /** What the download link was given: its file name and the workbook's rows. */
  async function captureDownload(click: () => Promise<void>, sheetName = 'Pricing') {
    const files: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    // jsdom has no object URLs; these stay defined (the link revokes its URL a second later).
    URL.createObjectURL = (made: Blob) => ((blob = made), 'blob:pricing');
    URL.revokeObjectURL = () => {};
    const clickLink = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) files.push({ name: this.download, blob });
    });
    await click();
    // Building the workbook takes a while on a loaded machine: wait for the file, not for a fixed second.
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 15_000 });
    clickLink.mockRestore();
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await files[0].blob.arrayBuffer());
    const starts: unknown[] = [];
    const sheet = workbook.getWorksheet(sheetName)!;
    const start = (sheet.getRow(1).values as unknown[]).indexOf('Start');
    sheet.eachRow((row, number) => number > 1 && starts.push(row.getCell(start).value));
    return { name: files[0].name, starts };
  }

  it('downloads the picked season’s prices as “{tour name} pricing data.xlsx”', async () => {
    const api = exportApi();
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/data-export?season=3');
    const button = await screen.findByRole('button', { name: 'Download pricing data' });
    const file = await captureDownload(() => user.click(button));
    expect(file).toEqual({ name: 'Danube Cycle Path pricing data.xlsx', starts: [new Date(Date.UTC(2026, 4, 1))] });
    expect(api.calls.map((call) => call.path)).not.toContain('tour-pricing/12/4');
  });

  it('downloads every season in one sheet on request', async () => {
    exportApi();
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/data-export?season=3');
    const button = await screen.findByRole('button', { name: 'Download all seasons' });
    expect(await captureDownload(() => user.click(button))).toEqual({
      name: 'Danube Cycle Path pricing data.xlsx',
      starts: [new Date(Date.UTC(2026, 4, 1)), new Date(Date.UTC(2027, 4, 1))],
    });
  });

  it('downloads every season’s extra nights, the tab’s own sheet, when Extra nights is the sheet picked', async () => {
    const night = (id: number, start: string, end: string) =>
      roomExtraNight(id, { tour_room_extra_id: 4, start, end, markup_rate_id: context.model!.rates[0].id });
    const extraNights = (seasonContext: TourSeasonPricingContext, variation: ReturnType<typeof roomExtraNight>) => ({
      body: {
        tour_season: seasonContext,
        extras: [{ id: 4, tour_season_id: seasonContext.id, name: 'Extra night in Passau', pre: true, post: false, variations: [variation] }],
      },
    });
    const api = fakeApi({
      'GET tours/12': { body: twoSeasons },
      'GET room-types': { body: [{ id: 1, name: 'Double' }] },
      'GET accommodation-categories': { body: [{ id: 2, name: 'Comfort' }] },
      'GET tour-extras/12/3/room': extraNights(context, night(41, '2026-05-01', '2026-09-30')),
      'GET tour-extras/12/4/room': extraNights({ ...context, id: 32, season_id: 4, season_name: '2027' }, night(51, '2027-05-01', '2027-09-30')),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/data-export?season=3');
    await user.click(await screen.findByRole('radio', { name: 'Extra nights' }));
    const button = screen.getByRole('button', { name: 'Download all seasons' });
    expect(await captureDownload(() => user.click(button), 'Extra nights')).toEqual({
      name: 'Danube Cycle Path extra nights data.xlsx',
      starts: [new Date(Date.UTC(2026, 4, 1)), new Date(Date.UTC(2027, 4, 1))],
    });
    // The extra nights alone: no price group of the pricing tab is read.
    expect(api.calls.map((call) => call.path).filter((path) => path.startsWith('tour-pricing'))).toEqual([]);
  });

  it('asks for a season before offering one season’s download', async () => {
    exportApi();
    renderScreen(routes, '/tours/12/data-export');
    expect(await screen.findByText('Pick a season above to download its prices, or download every season at once.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download pricing data' })).toBeNull();
  });
});
