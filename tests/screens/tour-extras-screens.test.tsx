import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing.js';
import type { PartyExtra, RoomExtra } from '../../src/domain/tours/tour-extras-schemas.js';
import { PartyExtrasTab } from '../../src/screens/tour-extras/party-extras-tab.js';
import { ReductionsTab } from '../../src/screens/tour-extras/reductions-tab.js';
import { RoomExtrasTab } from '../../src/screens/tour-extras/room-extras-tab.js';
import { SpecificationsTab } from '../../src/screens/tour-extras/specifications-tab.js';
import { reductionFixture } from '../helpers/reduction-fixture.js';
import { fakeApi, renderScreen, toastTexts, type RecordedCall } from '../helpers/render-reference-screen.js';
import { roomExtraNight, seasonContext, tourFixture, tourListItem } from '../helpers/tour-screen-fixtures.js';

const routes = [
  { path: '/tours/:id/party-extras', element: <PartyExtrasTab /> },
  { path: '/tours/:id/room-extras', element: <RoomExtrasTab /> },
  { path: '/tours/:id/reductions', element: <ReductionsTab /> },
  { path: '/tours/:id/specifications', element: <SpecificationsTab /> },
];

const context = seasonContext();

const reference = {
  'GET tours/12': { body: tourFixture() },
  'GET room-types': { body: [{ id: 1, name: 'Double' }] },
  'GET accommodation-categories': { body: [{ id: 2, name: 'Comfort' }] },
  'GET decks': { body: [{ id: 3, name: 'Lower deck' }] },
  'GET bikes': { body: [{ id: 5, name: 'Hybrid' }] },
  'GET boats': { body: [{ id: 6, name: 'MS Orca' }] },
};

const saveClicks = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /^Save \d+ rows?$/ }));
  await user.click(screen.getByRole('button', { name: 'Are you sure?' }));
  await user.click(screen.getByRole('button', { name: 'Saving' }));
};

/**
 * Copy From: picks the tour, the season and Replace or Append in the panel, then confirms,
 * checking the SPEC confirmation text; answers the preview's lines.
 */
const copyFrom = async (user: ReturnType<typeof userEvent.setup>, tour: string, season: string, mode: 'Replace' | 'Append', confirmation: string) => {
  await user.click(await screen.findByRole('button', { name: 'Copy From' }));
  const panel = screen.getByRole('form', { name: 'Copy From' });
  await user.selectOptions(await within(panel).findByLabelText('Tour'), tour);
  await user.selectOptions(within(panel).getByLabelText('Season'), season);
  await user.click(within(panel).getByRole('radio', { name: mode }));
  await user.click(within(panel).getByRole('button', { name: 'Copy' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(confirmation)).toBeTruthy();
  const preview = within(dialog)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
  await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
  return preview;
};

/** `GET tours/all` with the tour Copy From offers (Lake Constance, season 2025). */
const otherTour = {
  'GET tours/all': {
    body: [{ id: 15, name: 'Lake Constance', tour_code: 'LC', seasons: [{ id: 44, season_id: 2, name: '2025', markup_model_id: 8, live: true }] }],
  },
};

const lastWrite = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET').at(-1);

/** A cell of a price grid, by the grid's accessible name, its row and its column. */
const gridCell = (grid: string, row: number, column: string) => {
  const cell = screen.getByRole('region', { name: grid }).querySelector(`[row-index="${row}"] [col-id="${column}"]`);
  if (!(cell instanceof HTMLElement)) throw new Error(`No cell ${column} in row ${row} of ${grid}`);
  return cell;
};

/** The server's answer to a stale season save (409). */
const stale = { status: 409, body: { errors: [{ msg: 'This tour season was changed by someone else since you opened it.', path: 'version' }] } };

/** How many rows a price grid shows, by the grid's accessible name. */
const gridRowCount = (grid: string) =>
  new Set([...screen.getByRole('region', { name: grid }).querySelectorAll('.ag-row[row-index]')].map((row) => row.getAttribute('row-index'))).size;

describe('the supplements tab', () => {
  const transfer: PartyExtra = {
    id: 6,
    tour_season_id: 31,
    name: 'Airport transfer',
    guidance: 1,
    boat_id: null,
    nights: 0,
    order: 1,
    variations: [
      {
        id: 60,
        tour_party_extra_id: 6,
        accommodation_category_id: null,
        bike_id: null,
        min_pax: 2,
        max_pax: 8,
        formula: null,
        gross: 100,
        non_com: 0,
        adjustment: 0,
        markup_rate_id: 70,
        net: 80,
        cost: 85,
      },
    ],
  };
  const cruise: PartyExtra = { id: 7, tour_season_id: 31, name: 'Sunset cruise', guidance: 0, boat_id: 6, nights: null, order: 2, variations: [] };

  it('takes a variation removal back with Ctrl+Z: the Save count drops and the save keeps the variation', async () => {
    const second = { ...transfer.variations[0], id: 61, min_pax: 9, max_pax: 16 };
    const api = fakeApi({
      ...reference,
      'GET tour-extras/12/3/party': { body: { tour_season: context, extras: [{ ...transfer, variations: [...transfer.variations, second] }] } },
      'PUT tour-extras/12/3/party': {
        body: { tour_season: { ...context, version: 6 }, extras: [transfer], created_ids: [], updated_ids: [6], deleted_ids: [] },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/party-extras?season=3');
    const variations = 'Variations of Supplement 1: Airport transfer';
    await screen.findByLabelText('Nights of supplement 1');
    await waitFor(() => expect(gridCell(variations, 1, 'min_pax').textContent).toBe('9'));
    await user.click(gridCell(variations, 1, 'min_pax'));
    await user.click(screen.getByRole('button', { name: 'Remove variation' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 1 row'));
    await user.click(gridCell(variations, 0, 'min_pax'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(gridCell(variations, 1, 'min_pax').textContent).toBe('9'));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save'));
    await user.click(gridCell(variations, 0, 'max_pax'));
    await user.keyboard('{Enter}{Control>}a{/Control}');
    await user.paste('7');
    await user.keyboard('{Enter}');
    await saveClicks(user);
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect((lastWrite(api.calls)?.body as { extras: { variations: { id?: number }[] }[] }).extras[0].variations.map((variation) => variation.id)).toEqual([
      60, 61,
    ]);
  });

  it('changes nothing when the save is refused (409): the removed variation and the removed supplement stay removed', async () => {
    const second = { ...transfer.variations[0], id: 61, min_pax: 9, max_pax: 16 };
    const api = fakeApi({
      ...reference,
      'GET tour-extras/12/3/party': { body: { tour_season: context, extras: [{ ...transfer, variations: [...transfer.variations, second] }, cruise] } },
      'PUT tour-extras/12/3/party': stale,
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/party-extras?season=3');
    const variations = 'Variations of Supplement 1: Airport transfer';
    await screen.findByLabelText('Nights of supplement 1');
    await waitFor(() => expect(gridCell(variations, 1, 'min_pax').textContent).toBe('9'));
    await user.click(gridCell(variations, 1, 'min_pax'));
    await user.click(within(screen.getByRole('region', { name: 'Supplement 1: Airport transfer' })).getByRole('button', { name: 'Remove variation' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Remove supplement 2' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 2 rows'));

    await saveClicks(user);
    await screen.findByText(stale.body.errors[0].msg);
    expect(lastWrite(api.calls)?.body).toMatchObject({ removed_ids: [7], extras: [{ id: 6, variations: [{ id: 60 }] }] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save 2 rows' }).getAttribute('aria-disabled')).toBe('false'));
    expect(gridRowCount(variations)).toBe(1);
    expect(screen.queryByRole('region', { name: 'Supplement 2: Sunset cruise' })).toBeNull();
  });

  it('shows stored nights as stored, offers the three guidance values, and creates, updates and deletes extras in one save', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-extras/12/3/party': { body: { tour_season: context, extras: [transfer, cruise] } },
      'PUT tour-extras/12/3/party': {
        body: { tour_season: { ...context, version: 6 }, extras: [transfer], created_ids: [11], updated_ids: [6], deleted_ids: [7] },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/party-extras?season=3');

    // 0 nights is a stored value of its own; "Any" is no nights (null).
    const nights = (await screen.findByLabelText('Nights of supplement 1')) as HTMLSelectElement;
    expect([nights.value, nights.selectedOptions[0].textContent]).toEqual(['0', '0']);
    expect((screen.getByLabelText('Nights of supplement 2') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Any');
    const guidance = screen.getByLabelText('Guidance of supplement 1') as HTMLSelectElement;
    expect([...guidance.options].map((option) => [option.value, option.textContent])).toEqual([
      ['0', 'Self Guided'],
      ['1', 'Guided'],
      ['2', 'Self Guided/Guided'],
    ]);
    expect(guidance.selectedOptions[0].textContent).toBe('Guided');
    await user.selectOptions(guidance, 'Self Guided/Guided');
    await user.selectOptions(nights, 'Any');

    // A cleared pax is no bound (null); text that is not a number is refused in the cell and never sent.
    const variations = 'Variations of Supplement 1: Airport transfer';
    await user.click(gridCell(variations, 0, 'min_pax'));
    await user.keyboard('{Delete}');
    await user.click(gridCell(variations, 0, 'max_pax'));
    await user.keyboard('{Enter}{Control>}a{/Control}');
    await user.paste('a dozen');
    await user.keyboard('{Enter}');
    // The refused cell stays open with the reason; Escape leaves it as it was.
    expect((await screen.findAllByText('Row 0, Max pax: Not a number')).length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    expect(gridCell(variations, 0, 'max_pax').textContent).toBe('8');

    await user.click(screen.getByRole('button', { name: 'Remove supplement 2' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Add Supplement' }));
    await user.click(screen.getByLabelText('Name of supplement 2'));
    await user.paste('Bike insurance');
    expect(api.writes()).toEqual([]);

    await saveClicks(user);
    expect(await screen.findByText('Created extra 11')).toBeTruthy();
    expect(screen.getByText('Updated extra 6')).toBeTruthy();
    expect(screen.getByText('Deleted extra 7')).toBeTruthy();
    expect(lastWrite(api.calls)?.body).toEqual({
      version: 5,
      removed_ids: [7],
      extras: [
        {
          id: 6,
          name: 'Airport transfer',
          guidance: 2,
          boat_id: null,
          nights: null,
          order: 1,
          variations: [
            {
              id: 60,
              accommodation_category_id: null,
              bike_id: null,
              min_pax: null,
              max_pax: 8,
              formula: null,
              gross: 100,
              non_com: 0,
              adjustment: 0,
              markup_rate_id: 70,
            },
          ],
        },
        {
          name: 'Bike insurance',
          guidance: 0,
          boat_id: null,
          nights: null,
          order: 2,
          variations: [
            {
              accommodation_category_id: null,
              bike_id: null,
              min_pax: null,
              max_pax: null,
              formula: null,
              gross: 0,
              non_com: 0,
              adjustment: 0,
              markup_rate_id: 70,
            },
          ],
        },
      ],
    });
  });
});

describe('the extra nights tab', () => {
  const extra: RoomExtra = { id: 4, tour_season_id: 31, name: 'Extra night in Passau', pre: true, post: false, variations: [] };

  it('keeps at least one of Pre and Post checked: unchecking the last one checks it again', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-extras/12/3/room': { body: { tour_season: context, extras: [extra] } },
      'PUT tour-extras/12/3/room': {
        body: { tour_season: { ...context, version: 6 }, extras: [{ ...extra, pre: false, post: true }], created_ids: [], updated_ids: [4], deleted_ids: [] },
      },
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
    expect(lastWrite(api.calls)?.body).toMatchObject({
      version: 5,
      removed_ids: [],
      extras: [{ id: 4, name: 'Extra night in Passau', pre: false, post: true, variations: [] }],
    });
  });
  it('changes nothing when the save is refused (409): the removed variation stays removed', async () => {
    const nights = [
      roomExtraNight(41, { tour_room_extra_id: 4, markup_rate_id: 70 }),
      roomExtraNight(42, { tour_room_extra_id: 4, gross: 90, markup_rate_id: 70 }),
    ];
    const api = fakeApi({
      ...reference,
      'GET tour-extras/12/3/room': { body: { tour_season: context, extras: [{ ...extra, variations: nights }] } },
      'PUT tour-extras/12/3/room': stale,
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/room-extras?season=3');
    const variations = 'Variations of Extra night 1: Extra night in Passau';
    await screen.findByLabelText('Pre of extra night 1');
    await waitFor(() => expect(gridRowCount(variations)).toBe(2));
    await user.click(gridCell(variations, 1, 'gross'));
    await user.click(screen.getByRole('button', { name: 'Remove variation' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 1 row'));

    await saveClicks(user);
    await screen.findByText(stale.body.errors[0].msg);
    expect(lastWrite(api.calls)?.body).toMatchObject({ removed_ids: [], extras: [{ id: 4, variations: [{ id: 41 }] }] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save 1 row' }).getAttribute('aria-disabled')).toBe('false'));
    expect(gridRowCount(variations)).toBe(1);
  });

  it('stages the extra nights copied from another tour, with their formulas pointing at the copies, until Save', async () => {
    // The other season's model names the 20% rate 80; this season's 20% rate is 70.
    const sourceContext: TourSeasonPricingContext = {
      ...context,
      id: 44,
      tour_id: 15,
      season_id: 2,
      season_name: '2025',
      model: { id: 8, name: 'Standard 2025', rates: [{ id: 80, commission: 20, markup: 1.3, supplement_markup: 1.1 }] },
    };
    const night = roomExtraNight;
    const source: RoomExtra = {
      id: 21,
      tour_season_id: 44,
      name: 'Extra night in Konstanz',
      pre: true,
      post: true,
      // The stored gross of the formula row is stale on purpose: the copy works it out again.
      variations: [night(210, {}), night(211, { room_type_id: null, formula: '[0]+10', gross: 0 })],
    };
    const stored: RoomExtra = { ...extra, variations: [night(41, { tour_room_extra_id: 4, gross: 500, markup_rate_id: 70 })] };
    const api = fakeApi({
      ...reference,
      'GET tour-extras/12/3/room': { body: { tour_season: context, extras: [stored] } },
      ...otherTour,
      'GET tour-extras/15/2/room': { body: { tour_season: sourceContext, extras: [source] } },
      'PUT tour-extras/12/3/room': {
        body: {
          tour_season: { ...context, version: 6 },
          extras: [stored, { ...source, id: 9, tour_season_id: 31 }],
          created_ids: [9],
          updated_ids: [4],
          deleted_ids: [],
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/room-extras?season=3');
    const preview = await copyFrom(
      user,
      'Lake Constance (LC)',
      '2025',
      'Append',
      'Are you sure you want to copy extra nights data from Lake Constance season 2025 to this tour?',
    );
    // Season 2025 into season 2026: the copied dates move one year on.
    expect(preview).toEqual([
      'Append: keeps the 1 extra night and 1 variation of this season, adds 1 extra night and 2 variations after them.',
      'Dates move 1 year ahead, from season 2025 into season 2026:',
      '01/05/2025 – 30/09/2025 becomes 01/05/2026 – 30/09/2026',
    ]);

    expect(await screen.findByRole('region', { name: 'Extra night 2: Extra night in Konstanz' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 3 rows');
    expect(api.writes()).toEqual([]);

    await saveClicks(user);
    await screen.findByText('Created extra 9');
    const copied = {
      start: '2026-05-01',
      end: '2026-09-30',
      accommodation_category_id: 2,
      specific_dates: [],
      restricted_dates: [],
      restricted_days: [],
      non_com: 0,
      adjustment: 0,
      markup_rate_id: 70,
    };
    expect(lastWrite(api.calls)?.body).toEqual({
      version: 5,
      removed_ids: [],
      extras: [
        {
          id: 4,
          name: 'Extra night in Passau',
          pre: true,
          post: false,
          variations: [{ ...copied, start: '2025-05-01', end: '2025-09-30', id: 41, room_type_id: 1, formula: null, gross: 500 }],
        },
        {
          name: 'Extra night in Konstanz',
          pre: true,
          post: true,
          variations: [
            { ...copied, room_type_id: 1, formula: null, gross: 80 },
            { ...copied, room_type_id: null, formula: '[0]+10', gross: 90 },
          ],
        },
      ],
    });
  });
});

describe('the reductions tab', () => {
  const stored = reductionFixture();

  const cellText = (row: number, column: string) => gridCell('Reductions', row, column).textContent;
  /** Types over a grid cell as staff do: Enter opens the editor, the text replaces what was there, Enter commits. */
  const typeOver = async (user: ReturnType<typeof userEvent.setup>, row: number, column: string, text: string) => {
    await user.click(gridCell('Reductions', row, column));
    await user.keyboard('{Enter}{Control>}a{/Control}');
    await user.paste(text);
    await user.keyboard('{Enter}');
  };

  it('adds a free-child reduction (percent 100, output max age 5) in the grid and saves cleared cells as null', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored] } },
      'PUT tour-reductions/12/3': {
        body: { tour_season: { ...context, version: 6 }, reductions: [stored], created_ids: [9], updated_ids: [8], deleted_ids: [] },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    await user.click(await screen.findByRole('button', { name: 'Add Reduction' }));
    await waitFor(() => expect(cellText(1, 'percent')).toBe('100'));
    expect([cellText(1, 'output_max'), cellText(1, 'order')]).toEqual(['5', '2']);

    await user.click(gridCell('Reductions', 0, 'percent'));
    await user.keyboard('{Delete}');
    // Text that is not a number is refused in the cell and never sent.
    await typeOver(user, 0, 'reduction_cost', 'about 40');
    expect((await screen.findAllByText(/^Row 0, .*: Not a number$/)).length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    await typeOver(user, 1, 'input_max', ' 64 ');
    // A choice pasted by its name, as from a spreadsheet.
    await user.click(gridCell('Reductions', 1, 'deck_id'));
    await user.paste('Lower deck');
    await waitFor(() => expect(cellText(1, 'deck_id')).toBe('Lower deck'));
    expect([cellText(0, 'percent'), cellText(0, 'reduction_cost'), cellText(1, 'input_max')]).toEqual(['', '', '64']);
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

  it('Replace stages the copied reductions in place of the stored one, which Save deletes', async () => {
    const copied = { ...stored, id: 50, tour_season_id: 44, order: 1, percent: 25 };
    const api = fakeApi({
      ...reference,
      ...otherTour,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored] } },
      'GET tour-reductions/15/2': {
        body: { tour_season: { ...context, id: 44, season_name: '2025' }, reductions: [copied, { ...copied, id: 51, order: 2, percent: 75 }] },
      },
      'PUT tour-reductions/12/3': {
        body: { tour_season: { ...context, version: 6 }, reductions: [], created_ids: [9, 10], updated_ids: [], deleted_ids: [8] },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    const preview = await copyFrom(
      user,
      'Lake Constance (LC)',
      '2025',
      'Replace',
      'Are you sure you want to copy reductions data from Lake Constance season 2025 to this tour?',
    );
    expect(preview).toEqual(['Replace: removes the 1 reduction of this season, adds 2 reductions.']);
    expect(await screen.findByText('2 reductions, listed by Order once saved')).toBeTruthy();
    expect(api.writes()).toEqual([]);
    await saveClicks(user);
    await screen.findByText('Deleted reduction 8');
    const body = lastWrite(api.calls)?.body as { reductions: Record<string, unknown>[]; removed_ids: number[] };
    expect(body.removed_ids).toEqual([8]);
    expect(body.reductions.map((reduction) => [reduction.id, reduction.percent])).toEqual([
      [undefined, 25],
      [undefined, 75],
    ]);
  });

  it('queues the removal of the focused reduction until Save, after the staged-delete confirmation', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored] } },
      'PUT tour-reductions/12/3': { body: { tour_season: { ...context, version: 6 }, reductions: [], created_ids: [], updated_ids: [], deleted_ids: [8] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    await waitFor(() => expect(cellText(0, 'percent')).toBe('50'));
    await user.click(gridCell('Reductions', 0, 'percent'));
    await user.click(screen.getByRole('button', { name: 'Remove reduction' }));
    expect(screen.getByText('You will not be able to revert this after saving!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText(/This season has no reductions/);
    expect(api.writes()).toHaveLength(0);
    await saveClicks(user);
    await screen.findByText('Deleted reduction 8');
    await waitFor(() => expect(lastWrite(api.calls)?.body).toEqual({ version: 5, reductions: [], removed_ids: [8] }));
  });

  it('takes a removal back with Ctrl+Z: the reduction returns and is no longer deleted by the save', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored, reductionFixture({ id: 9, order: 2, percent: 25 })] } },
      'PUT tour-reductions/12/3': { body: { tour_season: { ...context, version: 6 }, reductions: [], created_ids: [], updated_ids: [8], deleted_ids: [] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    await waitFor(() => expect(cellText(1, 'percent')).toBe('25'));
    await user.click(gridCell('Reductions', 1, 'percent'));
    await user.click(screen.getByRole('button', { name: 'Remove reduction' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 1 row'));
    await user.click(gridCell('Reductions', 0, 'percent'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(cellText(1, 'percent')).toBe('25'));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save'));
    await typeOver(user, 0, 'percent', '40');
    await saveClicks(user);
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(lastWrite(api.calls)?.body).toMatchObject({ version: 5, removed_ids: [] });
  });

  it('changes nothing when the save is refused as stale (409): the typed cells stay, the removed reduction stays removed', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored, reductionFixture({ id: 9, order: 2, percent: 25 })] } },
      'PUT tour-reductions/12/3': {
        status: 409,
        body: { errors: [{ msg: 'Someone else changed this season: reload to see their changes', path: 'version' }] },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    await waitFor(() => expect(cellText(1, 'percent')).toBe('25'));
    await typeOver(user, 0, 'percent', '40');
    await user.click(gridCell('Reductions', 1, 'percent'));
    await user.click(screen.getByRole('button', { name: 'Remove reduction' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 2 rows'));
    await saveClicks(user);
    await screen.findByText('Someone else changed this season: reload to see their changes');
    expect(lastWrite(api.calls)?.body).toMatchObject({ version: 5, removed_ids: [9] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save 2 rows' }).getAttribute('aria-disabled')).toBe('false'));
    expect(cellText(0, 'percent')).toBe('40');
    expect(gridRowCount('Reductions')).toBe(1);
    expect(api.writes()).toHaveLength(1);
  });

  it('asks in the panel for the tour, then the season, then Replace or Append, reading no season meanwhile', async () => {
    const api = fakeApi({
      ...reference,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored] } },
      'GET tours/all': {
        body: [tourListItem({ id: 40, name: 'Rhine Cycle Path', seasons: [{ id: 41, season_id: 3, name: '2026', markup_model_id: null, live: true }] })],
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    await user.click(await screen.findByRole('button', { name: 'Copy From' }));
    const panel = within(screen.getByRole('form', { name: 'Copy From' }));
    const copy = panel.getByRole('button', { name: 'Copy' });
    await user.click(copy);
    expect(panel.getByRole('alert').textContent).toBe('Pick a tour to copy from');
    await user.selectOptions(await panel.findByLabelText('Tour'), 'Rhine Cycle Path');
    expect(panel.getByRole('alert').textContent).toBe('Pick a season to copy from');
    await user.selectOptions(panel.getByLabelText('Season'), '2026');
    expect(panel.getByRole('alert').textContent).toBe('Choose Replace or Append: this season already has 1 reduction');
    await user.click(panel.getByRole('radio', { name: 'Append' }));
    expect(panel.queryByRole('alert')).toBeNull();
    expect(api.calls.filter((call) => call.path === 'tour-reductions/40/3')).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says beside Copy From, and only there, that the season to copy could not be loaded', async () => {
    fakeApi({
      ...reference,
      'GET tour-reductions/12/3': { body: { tour_season: context, reductions: [stored] } },
      'GET tours/all': {
        body: [tourListItem({ id: 40, name: 'Rhine Cycle Path', seasons: [{ id: 41, season_id: 3, name: '2026', markup_model_id: null, live: true }] })],
      },
      'GET tour-reductions/40/3': { status: 503, body: { errors: [{ msg: 'The database is not answering' }] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/reductions?season=3');
    await user.click(await screen.findByRole('button', { name: 'Copy From' }));
    const panel = within(screen.getByRole('form', { name: 'Copy From' }));
    await user.selectOptions(await panel.findByLabelText('Tour'), 'Rhine Cycle Path');
    await user.selectOptions(panel.getByLabelText('Season'), '2026');
    await user.click(panel.getByRole('radio', { name: 'Append' }));
    await user.click(panel.getByRole('button', { name: 'Copy' }));
    // The source is read before the preview: its failure is said in the panel, and no preview opens.
    expect((await panel.findByRole('alert')).textContent).toBe('The database is not answering');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastTexts()).toEqual([]);
  });
});

describe('the specifications tab', () => {
  const stored = { id: 14, tour_season_id: 31, price_includes: '<p>Seven nights in hotels</p>', price_excludes: '<p>Flights</p>' };
  const copied = { id: 30, tour_season_id: 44, price_includes: '<p>Boat cabin</p>', price_excludes: '<p>Drinks</p>' };
  /** The server's answer to a save of `body`: the rows stored as sent (a new one as id 15), specification 14 updated. */
  const savedSpecifications = (body: unknown, version: number, created_ids: number[]) => ({
    tour_season: { ...context, version },
    specifications: (body as { specifications: { id?: number }[] }).specifications.map((row) => ({ id: 15, tour_season_id: 31, ...row })),
    created_ids,
    updated_ids: [14],
    deleted_ids: [],
  });

  it('stages a rich-text edit and a copied specification, then saves both in one call', async () => {
    const api = fakeApi({
      ...reference,
      ...otherTour,
      'GET tour-specifications/12/3': { body: { tour_season: context, specifications: [stored] } },
      'GET tour-specifications/15/2': { body: { tour_season: { ...context, id: 44 }, specifications: [copied] } },
      'PUT tour-specifications/12/3': (body) => ({ body: savedSpecifications(body, 6, [15]) }),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/specifications?season=3');
    const excludes = await screen.findByRole('toolbar', { name: 'Price excludes formatting' });
    // The caret starts in the first paragraph: the toolbar turns it into a heading.
    await user.click(within(excludes).getByRole('button', { name: 'H2' }));
    expect(screen.getByRole('heading', { name: /^Specification ?\(unsaved\)$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 1 row');

    expect(
      await copyFrom(
        user,
        'Lake Constance (LC)',
        '2025',
        'Append',
        'Are you sure you want to copy specifications data from Lake Constance season 2025 to this tour?',
      ),
    ).toEqual(['Append: keeps the 1 specification of this season, adds 1 specification after them.']);
    const second = await screen.findByRole('region', { name: 'Specification 2' });
    expect(within(second).getByText('Boat cabin')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Save/ }).textContent).toBe('Save 2 rows');
    expect(api.writes()).toEqual([]);

    await saveClicks(user);
    expect(await screen.findByText('Created specification 15')).toBeTruthy();
    expect(screen.getByText('Updated specification 14')).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: 'tour-specifications/12/3',
        body: {
          version: 5,
          removed_ids: [],
          specifications: [
            // Tiptap adds an empty paragraph after a heading that ends the text, for the caret.
            { id: 14, price_includes: '<p>Seven nights in hotels</p>', price_excludes: expect.stringMatching(/^<h2>Flights<\/h2>(<p><\/p>)?$/) },
            { price_includes: '<p>Boat cabin</p>', price_excludes: '<p>Drinks</p>' },
          ],
        },
      },
    ]);
  });

  it('merges a save someone else made first: their Price includes and my Price excludes, at their version (issue 29)', async () => {
    let current = { tour_season: context, specifications: [stored] };
    const api = fakeApi({
      ...reference,
      'GET tour-specifications/12/3': () => ({ body: current }),
      'PUT tour-specifications/12/3': (body) => {
        const sent = body as { version: number; specifications: { id?: number }[] };
        if (sent.version !== current.tour_season.version)
          return { status: 409, body: { errors: [{ msg: 'This season was changed by someone else since you opened it.', path: 'version' }] } };
        return { body: savedSpecifications(body, current.tour_season.version + 1, []) };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/tours/12/specifications?season=3');
    const excludes = await screen.findByRole('toolbar', { name: 'Price excludes formatting' });
    await user.click(within(excludes).getByRole('button', { name: 'H2' }));
    current = {
      tour_season: { ...context, version: context.version + 1 },
      specifications: [{ ...stored, price_includes: '<p>Seven nights in family-run hotels</p>' }],
    };
    await saveClicks(user);
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1].body).toEqual({
      version: context.version + 1,
      removed_ids: [],
      specifications: [
        { id: 14, price_includes: '<p>Seven nights in family-run hotels</p>', price_excludes: expect.stringMatching(/^<h2>Flights<\/h2>(<p><\/p>)?$/) },
      ],
    });
  });
});
