import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_GUARDRAIL } from '../../src/domain/models/margin-guardrail.js';
import type { MarkupModel, StoredMarkupRate } from '../../src/domain/models/markup-model.js';
import { strandedRatesMessage } from '../../src/domain/models/model-change.js';
import type { SeasonPricingInputs } from '../../src/domain/models/season-pricing-inputs.js';
import { computePrice } from '../../src/domain/price-maths.js';
import type { CategoryPrice } from '../../src/domain/pricing/tour-pricing.js';
import { formatMoney } from '../../src/domain/format-money.js';
import { formatSignedPounds } from '../../src/screens/models/format-pounds.js';
import { MODEL_SAVE_FAILED } from '../../src/screens/models/markup-model-editor.js';
import { emptyGroup } from '../../src/screens/pricing/price-groups.js';
import { bulkPricingRoute } from '../../src/screens/bulk-pricing/bulk-pricing-routes.js';
import { modelRoutes } from '../../src/screens/models/model-routes.js';
import { preloadRoutes } from '../helpers/preload-routes.js';
import { hasUnsavedChanges } from '../../src/ui/unsaved-changes.js';
import { errorBeside, fakeApi, renderScreen, toastTexts, type FakeApi } from '../helpers/render-reference-screen.js';
import { seasonContext } from '../helpers/tour-screen-fixtures.js';

const routes = [...modelRoutes, bulkPricingRoute];
// The screens load lazily in the app; here their code is loaded once, before any test renders.
beforeAll(() => preloadRoutes(routes));

const rate = (id: number, commission: number, markup: number): StoredMarkupRate => ({ id, commission, markup, supplement_markup: 1.1 });
const standard: MarkupModel = {
  id: 7,
  name: 'Standard 2026',
  season_id: 3,
  version: 4,
  ...NO_GUARDRAIL,
  rates: [rate(70, 20, 1.32), rate(71, 10, 1.3), rate(72, 0, 1.25), rate(73, 5, 1.28)],
};
const newRate = { id: 74, commission: 0, markup: 0, supplement_markup: 0 };
const withNewRate: MarkupModel = { ...standard, version: 5, rates: [...standard.rates, newRate] };

const emptyColumns = { tour_season_id: [], gross: [], non_com: [], adjustment: [], markup_rate_id: [], net: [], cost: [] };
const noRows: SeasonPricingInputs = {
  season_id: 3,
  tour_seasons: [],
  rates: standard.rates.map((stored) => ({ ...stored, markup_model_id: 7 })),
  lists: { prices: emptyColumns, bikes: emptyColumns, party_extra_variations: emptyColumns, room_extra_variations: emptyColumns },
};
const unchanged = {
  prices: 0,
  bikes: 0,
  extras: 0,
  rows_checked: 0,
  tour_seasons: 0,
  moved: 0,
  by_tour_code: [],
  below_guardrail: 0,
  below_guardrail_now: 0,
  elapsed_ms: 1,
};

/** What /pgt reads for season 3: one model, one currency, no tours; `models` answers the model as stored now. */
const bulkPricingPage = (models: () => MarkupModel[], extra: FakeApi = {}): FakeApi => ({
  'GET seasons': { body: [{ id: 3, name: '2026', model_id: 7, currency_id: 1 }] },
  'GET models/3': () => ({ body: models() }),
  'GET bulk-pricing/3': { body: { season: { id: 3, name: '2026', model_id: 7, currency_id: 1 }, tours: [] } },
  'GET bulk-pricing/3/inputs': { body: noRows },
  'GET currencies': { body: [{ id: 1, name: 'Euro', symbol: '€', rate: 1.1, version: 1, rates: [{ season_id: 3, rate: 1.085 }] }] },
  'GET notes': { body: [] },
  'GET auth/users': { body: [] },
  ...extra,
});

const rateRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1) as HTMLTableRowElement[];
const rateIds = () => rateRows().map((row) => row.cells[0].textContent);
const rowOf = (id: string) => rateRows().find((row) => row.cells[0].textContent === id);

async function removeRate(user: ReturnType<typeof userEvent.setup>, id: number) {
  await user.click(screen.getByRole('button', { name: `Remove rate ${id}` }));
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: `Remove rate ${id}` })).toBeNull());
}

describe('the markup model editor when a save is refused', () => {
  it('puts the removed rates back in their places, highlights only the rates the error names and says so once', async () => {
    const api = fakeApi({
      'GET models/3/7': { body: standard },
      'POST models/3/7/preview': { body: unchanged },
      'PUT models/3/7': { status: 409, body: { errors: [{ msg: strandedRatesMessage([71, 73]), path: 'removedRatesIds' }] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/models/7/3');
    await screen.findByRole('button', { name: 'Remove rate 73' });
    await removeRate(user, 73);
    await removeRate(user, 71);
    expect(rateIds()).toEqual(['70', '72']);

    await user.click(screen.getByRole('button', { name: 'Save model' }));
    await waitFor(() => expect(rateIds()).toEqual(['70', '71', '72', '73']));
    // Only the save: a slow run may also have POSTed the server's preview of the draft.
    expect(api.writes().flatMap((call) => (call.method === 'PUT' ? [call.body] : []))).toEqual([
      { model: expect.objectContaining({ version: 4 }), removedRatesIds: [73, 71] },
    ]);
    expect(['70', '71', '72', '73'].filter((id) => rowOf(id)?.classList.contains('error-row'))).toEqual(['71', '73']);
    await waitFor(() => expect(toastTexts()).toEqual([MODEL_SAVE_FAILED]));
  });

  it('merges a save someone else made first: my markup and their commission both kept, at their version (issue 29)', async () => {
    let stored = standard;
    const stale = 'This model was changed by someone else since you opened it. Reload to see their changes, then save again.';
    const api = fakeApi({
      'GET models/3/7': () => ({ body: stored }),
      'GET last-change/markup_models/7': { body: { changed_by: null, changed_at: null } },
      'POST models/3/7/preview': { body: unchanged },
      'PUT models/3/7': (body) =>
        (body as { model: { version: number } }).model.version === stored.version
          ? { body: { model: { ...stored, version: stored.version + 1 }, moved: 0 } }
          : { status: 409, body: { errors: [{ msg: stale, path: 'version' }] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/models/7/3');
    await user.clear(await screen.findByLabelText('Markup of rate 70'));
    await user.type(screen.getByLabelText('Markup of rate 70'), '1.4');
    stored = { ...standard, version: standard.version + 1, rates: standard.rates.map((rate) => (rate.id === 72 ? { ...rate, commission: 12 } : rate)) };
    await user.click(screen.getByRole('button', { name: 'Save model' }));
    await waitFor(() => expect(api.writes().filter((call) => call.method === 'PUT')).toHaveLength(2));
    const [, merged] = api.writes().filter((call) => call.method === 'PUT');
    const sent = (merged.body as { model: { version: number; rates: { id?: number; commission: number; markup: number }[] } }).model;
    expect(sent.version).toBe(standard.version + 1);
    expect(sent.rates.find((rate) => rate.id === 70)?.markup).toBe(1.4);
    expect(sent.rates.find((rate) => rate.id === 72)?.commission).toBe(12);
  });
  it('shows a refused field’s message beside its own rate once the removed rates are back, until Escape puts the field back', async () => {
    fakeApi({
      'GET models/3/7': { body: standard },
      'POST models/3/7/preview': { body: unchanged },
      // Rate 71 removed, the body's rates are 70, 72, 73: index 1 is rate 72.
      'PUT models/3/7': { status: 400, body: { errors: [{ msg: 'Commission must be a number from 0 to 100', path: 'model.rates.1.commission' }] } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/models/7/3');
    const commission = await screen.findByLabelText('Commission % of rate 72');
    await user.clear(commission);
    await user.type(commission, '5');
    await removeRate(user, 71);
    await user.click(screen.getByRole('button', { name: 'Save model' }));
    await waitFor(() => expect(rateIds()).toEqual(['70', '71', '72', '73']));
    const messageOf = (id: string) => rowOf(id)?.querySelector('.field-error')?.textContent ?? null;
    expect(['70', '71', '72', '73'].map(messageOf)).toEqual([null, null, 'Commission must be a number from 0 to 100', null]);
    expect(rowOf('72')?.classList.contains('error-row')).toBe(true);
    await user.type(screen.getByLabelText('Commission % of rate 72'), '{Escape}');
    expect((screen.getByLabelText('Commission % of rate 72') as HTMLInputElement).value).toBe('0');
    expect(messageOf('72')).toBeNull();
  });
});

describe('checking a markup model before it is saved', () => {
  it('marks a negative commission at its field and row, and sends nothing', async () => {
    const api = fakeApi({
      'GET models/3/7': { body: standard },
      'POST models/3/7/preview': { body: unchanged },
      'PUT models/3/7': { body: { model: standard, moved: 0 } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/models/7/3');
    const commission = await screen.findByLabelText('Commission % of rate 71');
    await user.clear(commission);
    await user.type(commission, '-5');
    await user.click(screen.getByRole('button', { name: 'Save model' }));
    expect(await screen.findByText('Commission must be a number from 0 to 100')).toBeTruthy();
    expect(commission.getAttribute('aria-invalid')).toBe('true');
    expect(rowOf('71')?.classList.contains('error-row')).toBe(true);
    expect(api.writes()).toEqual([]);
  });

  it('offers Save only for a change of prices or name: a markup typed as the stored number is none', async () => {
    fakeApi({ 'GET models/3/7': { body: standard }, 'POST models/3/7/preview': { body: unchanged } });
    const user = userEvent.setup();
    renderScreen(routes, '/models/7/3');
    const markup = await screen.findByLabelText('Markup of rate 71');
    const save = screen.getByRole('button', { name: 'Save model' }) as HTMLButtonElement;
    await user.type(markup, '0');
    expect(markup).toHaveProperty('value', '1.30');
    expect(save.disabled).toBe(true);
    await user.type(markup, '5');
    expect(save.disabled).toBe(false);
  });

  it('says how many prices a removed rate moves, and to which rate', async () => {
    fakeApi({ 'GET models/3/7': { body: standard }, 'POST models/3/7/preview': { body: { ...unchanged, moved: 12 } } });
    const user = userEvent.setup();
    renderScreen(routes, '/models/7/3');
    await user.click(await screen.findByRole('button', { name: 'Remove rate 73' }));
    expect(await screen.findByText(/12 prices use this rate and will move to rate 72 \(0% commission\) when the model is saved\./)).toBeTruthy();
  });
});

describe('adding a rate to a markup model', () => {
  /** Types a markup into rate 70, removes rate 72, adds a rate (74), and checks the edits are still there. */
  async function editRemoveThenAdd(user: ReturnType<typeof userEvent.setup>) {
    const markup = await screen.findByLabelText('Markup of rate 70');
    await user.clear(markup);
    await user.type(markup, '1.5');
    await removeRate(user, 72);
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    await screen.findByLabelText('Markup of rate 74');
    expect(rateIds()).toEqual(['70', '71', '73', '74']);
    expect((screen.getByLabelText('Markup of rate 70') as HTMLInputElement).value).toBe('1.5');
  }

  it('keeps unsaved edits and staged removals on the model’s page, and saves them with the new rate', async () => {
    const api = fakeApi({
      'GET models/3/7': { body: standard },
      'POST models/3/7/preview': { body: unchanged },
      'POST models/3/7': { status: 201, body: { rate: newRate, model: withNewRate } },
      'PUT models/3/7': { body: { model: { ...withNewRate, version: 6 }, moved: 0, repriced: { prices: 0, bikes: 0, extras: 0 } } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/models/7/3');
    await editRemoveThenAdd(user);

    await user.click(screen.getByRole('button', { name: 'Save model' }));
    await screen.findByText('Updated model Standard 2026');
    const saved = api.writes().find((call) => call.method === 'PUT')?.body as { model: MarkupModel; removedRatesIds: number[] };
    expect(saved.model.version).toBe(5);
    expect(saved.model.rates.map((one) => [one.id, one.markup])).toEqual([
      [70, 1.5],
      [71, 1.3],
      [73, 1.28],
      [74, 0],
    ]);
    expect(saved.removedRatesIds).toEqual([72]);
  });

  it('leaves an otherwise untouched form saved: the new rate is stored already', async () => {
    fakeApi({ 'GET models/3/7': { body: standard }, 'POST models/3/7': { status: 201, body: { rate: newRate, model: withNewRate } } });
    const user = userEvent.setup();
    renderScreen(routes, '/models/7/3');
    await user.click(await screen.findByRole('button', { name: 'Add rate' }));
    await screen.findByLabelText('Markup of rate 74');
    expect((screen.getByRole('button', { name: 'Save model' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps unsaved edits on the bulk pricing page, where the season’s models are fetched again', async () => {
    let stored = standard;
    fakeApi(
      bulkPricingPage(() => [stored], {
        'POST models/3/7': () => {
          stored = withNewRate;
          return { status: 201, body: { rate: newRate, model: withNewRate } };
        },
      }),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/pgt?season=3');
    await editRemoveThenAdd(user);
    expect((screen.getByRole('button', { name: 'Save model' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server’s message once when the rate cannot be added', async () => {
    fakeApi({ 'GET models/3/7': { body: standard }, 'POST models/3/7': { status: 404, body: { errors: [{ msg: 'Markup model not found' }] } } });
    const user = userEvent.setup();
    renderScreen(routes, '/models/7/3');
    await user.click(await screen.findByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Markup model not found']));
  });
});

describe('the currency rates panel', () => {
  it('saves a rate with the currency version it read (issue 19 item 10)', async () => {
    const api = fakeApi(
      bulkPricingPage(() => [standard], {
        'PUT currencies/1/3': { body: { id: 1, name: 'Euro', symbol: '€', rate: 1.1, version: 2, rates: [{ season_id: 3, rate: 1.2 }] } },
      }),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/pgt?season=3');
    const euro = await screen.findByLabelText('Euro (€) per pound');
    await user.clear(euro);
    await user.type(euro, '1.2');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(api.writes()).toEqual([{ method: 'PUT', path: 'currencies/1/3', body: { rate: 1.2, version: 1 } }]));
  });

  it('merges a currency changed since it was read and saves the rate at its version (issue 29)', async () => {
    const euro = { id: 1, name: 'Euro', symbol: '€', rate: 1.1, version: 1, rates: [{ season_id: 3, rate: 1.085 }] };
    // Someone renamed the symbol and gave another season a rate: this season's rate is untouched.
    const theirs = { ...euro, version: 2, symbol: 'EUR', rates: [...euro.rates, { season_id: 4, rate: 1.15 }] };
    const api = fakeApi(
      bulkPricingPage(() => [standard], {
        'GET currencies/1': { body: theirs },
        'GET last-change/currencies/1': { body: { changed_by: null, changed_at: null } },
        'PUT currencies/1/3': (body) =>
          (body as { version: number }).version === 2
            ? { body: { ...theirs, version: 3, rates: [{ season_id: 3, rate: 1.2 }] } }
            : { status: 409, body: { errors: [{ msg: 'This currency was changed by someone else since you opened it.', path: 'version' }] } },
      }),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/pgt?season=3');
    const rate = await screen.findByLabelText('Euro (€) per pound');
    await user.clear(rate);
    await user.type(rate, '1.2');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() =>
      expect(api.writes().map((call) => call.body)).toEqual([
        { rate: 1.2, version: 1 },
        { rate: 1.2, version: 2 },
      ]),
    );
  });

  it('refuses a rate past the maximum before sending, in the server’s words', async () => {
    const api = fakeApi(bulkPricingPage(() => [standard]));
    const user = userEvent.setup();
    renderScreen(routes, '/pgt?season=3');
    const euro = await screen.findByLabelText('Euro (€) per pound');
    await user.clear(euro);
    await user.type(euro, '2000000');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Rate must be a number above 0 (foreign units per pound)']));
    expect(api.writes()).toEqual([]);
  });

  it('has nothing unsaved once the rate typed is the rate stored', async () => {
    let rate = 1.085;
    fakeApi(
      bulkPricingPage(() => [standard], {
        'GET currencies': () => ({ body: [{ id: 1, name: 'Euro', symbol: '€', rate: 1.1, version: rate === 1.2 ? 2 : 1, rates: [{ season_id: 3, rate }] }] }),
        'PUT currencies/1/3': () => {
          rate = 1.2;
          return { body: { id: 1, name: 'Euro', symbol: '€', rate: 1.1, version: 2, rates: [{ season_id: 3, rate }] } };
        },
      }),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/pgt?season=3');
    const euro = await screen.findByLabelText('Euro (€) per pound');
    await user.clear(euro);
    await user.type(euro, '1.2');
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Saved Euro rate')).toBeTruthy();
    const panel = within(screen.getByRole('form', { name: 'Euro rate' }));
    await waitFor(() => expect((panel.getByRole('button', { name: 'Revert' }) as HTMLButtonElement).disabled).toBe(true));
    expect((panel.getByRole('button', { name: 'Save rate' }) as HTMLButtonElement).disabled).toBe(true);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('shows the server’s message once when a rate is refused', async () => {
    fakeApi(
      bulkPricingPage(() => [standard], { 'PUT currencies/1/3': { status: 400, body: { errors: [{ msg: 'Rate must be greater than 0', path: 'rate' }] } } }),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/pgt?season=3');
    const euro = await screen.findByLabelText('Euro (€) per pound');
    await user.clear(euro);
    await user.type(euro, '1.2');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Rate must be greater than 0']));
  });
});

describe('the tour grid under an unsaved change', () => {
  const euro = 1.085;
  const costs = (gross: number, commission: number) =>
    computePrice({ gross, non_com: 0, adjustment: 0, markup_rate_id: 70 }, { ...standard.rates[0], commission }, euro, 'tour');
  const price = (id: number, gross: number): CategoryPrice => ({
    id,
    room_type_id: null,
    accommodation_category_id: null,
    deck_id: null,
    formula: null,
    gross,
    non_com: 0,
    adjustment: 0,
    markup_rate_id: 70,
    ...costs(gross, 20),
  });
  const prices = [price(400, 675), price(401, 500)];
  const { key: _key, size: _size, ...group } = emptyGroup('2026-05-01');
  const inputs: SeasonPricingInputs = {
    ...noRows,
    // The model's guardrail: £170 profit. Both prices make less now (£159.30, £118.34 at the stored
    // rate); at 10% commission the £675 one makes £180 and the £500 one £133.
    tour_seasons: [
      { id: 31, season_id: 3, tour_code: 'DCP', currency_id: 1, markup_model_id: 7, min_margin_percent: null, min_profit: 170, currency_rate: euro },
    ],
    lists: {
      ...noRows.lists,
      prices: {
        tour_season_id: [31, 31],
        gross: [675, 500],
        non_com: [0, 0],
        adjustment: [0, 0],
        markup_rate_id: [70, 70],
        net: prices.map((row) => row.net),
        cost: prices.map((row) => row.cost),
      },
    },
  };
  const page = bulkPricingPage(() => [standard], {
    'GET bulk-pricing/3': {
      body: {
        season: { id: 3, name: '2026', model_id: 7, currency_id: 1 },
        tours: [{ id: 12, tour_code: 'DCP', name: 'Danube Cycle Path', tour_season_id: 31, markup_model_id: 7, currency_id: 1 }],
      },
    },
    'GET bulk-pricing/3/inputs': { body: inputs },
    'GET tour-pricing/12/3': {
      body: { tour_season: seasonContext({ model: { id: 7, name: 'Standard 2026', rates: standard.rates } }), categories: [{ ...group, id: 40, prices }] },
    },
    'GET room-types': { body: [] },
    'GET accommodation-categories': { body: [] },
  });
  const cell = (row: number, column: string) =>
    screen.getByRole('region', { name: 'Tour prices' }).querySelector(`[row-index="${row}"] [col-id="${column}"]`)?.textContent;

  it('shows each price’s cost now, after an unsaved model change and the change, adding up to the preview’s row', async () => {
    fakeApi(page);
    const user = userEvent.setup();
    renderScreen(routes, '/pgt?season=3&tour_id=12');
    await waitFor(() => expect(cell(2, 'cost')).toBe(formatMoney(prices[1].cost)), { timeout: 5000 });
    expect(cell(1, 'what_if_new')).toBeUndefined();

    const commission = await screen.findByLabelText('Commission % of rate 70');
    await user.clear(commission);
    await user.type(commission, '10');
    await waitFor(() => expect(cell(1, 'what_if_new')).toBe(formatMoney(costs(675, 10).cost)), { timeout: 5000 });
    const changes = [675, 500].map((gross) => costs(gross, 10).cost - costs(gross, 20).cost);
    expect([cell(1, 'what_if_current'), cell(1, 'what_if_change'), cell(2, 'what_if_current'), cell(2, 'what_if_new'), cell(2, 'what_if_change')]).toEqual([
      formatMoney(prices[0].cost),
      formatSignedPounds(changes[0]),
      formatMoney(prices[1].cost),
      formatMoney(costs(500, 10).cost),
      formatSignedPounds(changes[1]),
    ]);
    expect(screen.getByTestId('tour-what-if').textContent).toContain(
      `model Standard 2026, not saved): 2 of this tour's 2 prices change, cost ${formatSignedPounds(changes[0] + changes[1])}`,
    );
    const previewRow = within(screen.getByRole('region', { name: 'What-if preview' }))
      .getByRole('cell', { name: 'DCP' })
      .closest('tr') as HTMLTableRowElement;
    expect(previewRow.cells[4].textContent).toBe(formatSignedPounds(changes[0] + changes[1]));
    // The guardrail count, with the grid's own test of a row: one price stays under £170, two are now.
    expect(screen.getByTestId('preview-below-guardrail').textContent).toBe('1 row would fall below the margin guardrail (2 now).');
    expect(previewRow.cells[6].textContent).toBe('1 (2)');

    // Typed back to the stored value, the model has no what-if and the columns go.
    await user.clear(commission);
    await user.type(commission, '20');
    await waitFor(() => expect(cell(1, 'what_if_new')).toBeUndefined(), { timeout: 5000 });
    expect(screen.queryByTestId('tour-what-if')).toBeNull();
  });
});

describe('the notes panel', () => {
  const notes = [
    { id: 1, note: 'Check the Danube boat rates', user_id: 2, createdAt: '2026-03-01T09:30:00.000Z' },
    { id: 2, note: 'Imported from the old system', user_id: null, createdAt: '2026-02-01T09:30:00.000Z' },
  ];

  it('names each note’s author from the staff user list', async () => {
    const api = fakeApi(
      bulkPricingPage(() => [standard], {
        'GET notes': { body: notes },
        'GET auth/users': {
          body: [
            { id: 1, email_address: 'staff@example.com' },
            { id: 2, email_address: 'anna@example.com' },
          ],
        },
      }),
    );
    renderScreen(routes, '/pgt?season=3');
    const panel = within(await screen.findByRole('region', { name: 'Notes' }));
    const first = (await panel.findByText('Check the Danube boat rates')).closest('li');
    await waitFor(() => expect(first?.textContent).toContain('anna@example.com'));
    expect(panel.getByText('Imported from the old system').closest('li')?.textContent).toContain('Unknown');
    expect(api.calls.some((call) => call.method === 'GET' && call.path === 'auth/users')).toBe(true);
  });

  it('adds a note: the text clears and the list shows the note', async () => {
    let stored: typeof notes = [];
    const api = fakeApi(
      bulkPricingPage(() => [standard], {
        'GET notes': () => ({ body: stored }),
        'POST notes': (body) => {
          stored = [{ id: 3, note: (body as { note: string }).note, user_id: 2, createdAt: '2026-03-02T09:30:00.000Z' }];
          return { body: stored[0] };
        },
      }),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/pgt?season=3');
    const text = await screen.findByLabelText('New note');
    await user.type(text, 'Euro rate checked');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const panel = within(screen.getByRole('region', { name: 'Notes' }));
    expect(await panel.findByText('Euro rate checked')).toBeTruthy();
    expect((text as HTMLTextAreaElement).value).toBe('');
    expect((panel.getByRole('button', { name: 'Add note' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.writes()).toEqual([{ method: 'POST', path: 'notes', body: { note: 'Euro rate checked' } }]);
  });

  it('clears the text of a note the server refuses, without any notification', async () => {
    const api = fakeApi(bulkPricingPage(() => [standard], { 'POST notes': { status: 500, body: { errors: [{ msg: 'Internal server error' }] } } }));
    const user = userEvent.setup();
    renderScreen(routes, '/pgt?season=3');
    const text = await screen.findByLabelText('New note');
    await user.type(text, 'Euro rate checked');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect((text as HTMLTextAreaElement).value).toBe(''));
    expect(api.writes()).toEqual([{ method: 'POST', path: 'notes', body: { note: 'Euro rate checked' } }]);
    expect(toastTexts()).toEqual([]);
  });
});

describe('creating a markup model', () => {
  it('asks for a name and a season beside each, and sends nothing', async () => {
    const api = fakeApi({ 'GET seasons': { body: [{ id: 3, name: '2026', model_id: null, currency_id: null }] } });
    const user = userEvent.setup();
    renderScreen(routes, '/models/create');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(errorBeside('Name')).toBe('Name is required');
    expect(errorBeside('Season')).toBe('Choose a season');
    expect(api.writes()).toEqual([]);
  });

  it('creates the model with its 0% rate, says so, and opens its page', async () => {
    const api = fakeApi({
      'GET seasons': { body: [{ id: 3, name: '2026', model_id: null, currency_id: null }] },
      'POST models': { body: { ...standard, id: 8, name: 'Early birds', rates: [rate(80, 0, 1)] } },
    });
    const user = userEvent.setup();
    const { router } = renderScreen(routes, '/models/create');
    await user.type(await screen.findByLabelText('Name'), 'Early birds');
    await user.selectOptions(screen.getByLabelText('Season'), await screen.findByRole('option', { name: '2026' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/models/8/3'));
    expect(toastTexts()).toContain('Created');
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: 'models',
        body: { name: 'Early birds', season_id: 3, rates: [{ commission: 0, markup: 1, supplement_markup: 1 }], min_margin_percent: null, min_profit: null },
      },
    ]);
  });
});

describe('the markup models list', () => {
  const model = (id: number, name: string, seasonId: number): MarkupModel => ({
    id,
    name,
    season_id: seasonId,
    version: 1,
    ...NO_GUARDRAIL,
    rates: [rate(id * 10, 20, 1.3), rate(id * 10 + 1, 0, 1.2)],
  });

  it('lists the models of each season under the season’s name, newest season first and an unknown season last', async () => {
    fakeApi({
      'GET models': { body: [model(1, 'Standard', 2), model(2, 'Agents', 3), model(3, 'Standard', 3), model(4, 'Legacy', 9)] },
      'GET seasons': {
        body: [
          { id: 2, name: '2025', model_id: 1, currency_id: 1 },
          { id: 3, name: '2026', model_id: 3, currency_id: 1 },
        ],
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/models');
    await screen.findByRole('heading', { name: '2026' });
    const seasons = () =>
      screen.getAllByRole('region').map((region) => [
        region.querySelector('h2')?.textContent,
        within(region)
          .getAllByRole('link', { name: /^(?!Edit|Bulk)/ })
          .map((link) => link.textContent),
      ]);
    expect(seasons()).toEqual([
      ['2026', ['Agents', 'Standard']],
      ['2025', ['Standard']],
      ['Season 9', ['Legacy']],
    ]);
    expect(
      within(screen.getByRole('region', { name: '2026' }))
        .getByRole('link', { name: 'Bulk pricing' })
        .getAttribute('href'),
    ).toBe('/pgt?season=3');
    expect(within(screen.getByRole('region', { name: '2025' })).getByText('20%, 0%')).toBeTruthy();

    await user.type(screen.getByLabelText('Filter'), '2025');
    expect(seasons()).toEqual([['2025', ['Standard']]]);
    expect(screen.getByText('1 of 4 models')).toBeTruthy();
  });

  it('counts one model as "1 model" (issue 28)', async () => {
    fakeApi({ 'GET models': { body: [model(1, 'Standard', 2)] }, 'GET seasons': { body: [{ id: 2, name: '2025', model_id: 1, currency_id: 1 }] } });
    renderScreen(routes, '/models');
    await screen.findByRole('heading', { name: '2025' });
    expect(document.querySelector('.row-count')?.textContent).toBe('1 model');
  });
});
