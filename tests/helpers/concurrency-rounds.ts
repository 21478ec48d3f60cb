import { describe, expect, it } from 'vitest';
import type { Booking } from '../../src/domain/bookings/booking-schema.js';
import type { MarkupModel, MarkupModelSave } from '../../src/domain/models/markup-model.js';
import type { ChangeSet, ChangeSetSummary, PriceSnapshot } from '../../src/domain/pricing/price-history.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { createBookingFixture } from './booking-test-data.js';
import { createPricingFixture } from './pricing-fixtures.js';
import { recordFigures } from './report-figures.js';
import type { StressEngine } from './stress-databases.js';
import type { TestApp } from './test-app.js';
import { createTour } from './tour-test-data.js';
import { bookingSave, bookingStateOf, priceSave, priceStateOf, type PriceLane } from './write-workloads.js';

type Answer = { status: number; body: string };
type Contender<State> = { send: () => Promise<Answer>; expect: State };
/** One round: two saves made from the same version, and the state each would leave alone. */
type Round<State> = { a: Contender<State>; b: Contender<State> };
type Subject<State> = {
  name: string;
  prepare: (t: TestApp) => Promise<void>;
  round: (t: TestApp, round: number) => Promise<Round<State>>;
  read: (t: TestApp) => Promise<State>;
  /** Checks the price history a round left (subjects that save prices); run after `read`. */
  checkHistory?: (t: TestApp, round: number) => Promise<void>;
};

const send = (t: TestApp, method: 'PUT' | 'DELETE', url: string, payload?: unknown) => async (): Promise<Answer> => {
  const response = await t.app.inject({ method, url: `/api/v1/${url}`, headers: t.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body };
};
const get = async <T>(t: TestApp, url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: t.auth });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
};

/**
 * The price history of a season after a round: exactly `sets` change sets more than before it (the
 * loser's save wrote none), and the newest one's rows are what the season stores now: each row it
 * leaves has the stored gross, net and cost; each row it removes is gone. Returns the newest set's id.
 */
async function expectRoundHistory(t: TestApp, lane: PriceLane, since: number, sets: number, round: number): Promise<number> {
  const summaries = await get<ChangeSetSummary[]>(t, `price-history/${lane.tourId}/${lane.seasonId}`);
  expect(summaries.filter((set) => set.id > since).length, `round ${round}: change sets written`).toBe(sets);
  const newest = await get<ChangeSet>(t, `price-history/${lane.tourId}/${lane.seasonId}/sets/${summaries[0].id}`);
  const stored = new Map(
    (await get<SeasonPricing>(t, `tour-pricing/${lane.tourId}/${lane.seasonId}`)).categories
      .flatMap((category) => category.prices)
      .map((price) => [price.id, price]),
  );
  for (const change of newest.changes) {
    const row = stored.get(change.row_id);
    const after = change.after as PriceSnapshot | null;
    expect(
      after === null ? row : [Number(row?.gross), Number(row?.net), Number(row?.cost)],
      `round ${round}: price ${change.row_id} as the newest change set left it`,
    ).toEqual(after === null ? undefined : [after.gross, after.net, after.cost]);
  }
  return summaries[0].id;
}

function seasonPrices(): Subject<unknown> {
  let lane: PriceLane;
  let newestSet = 0;
  const url = () => `tour-pricing/${lane.tourId}/${lane.seasonId}`;
  return {
    name: "a season's prices",
    prepare: async (t) => {
      const fixture = await createPricingFixture(t.db);
      lane = { kind: 'prices', tourId: fixture.tourId, seasonId: fixture.seasonId, roomTypeId: fixture.roomTypeId, markupRateId: fixture.rates.r20 };
    },
    round: async (t, round) => {
      const { version } = priceStateOf(await get<SeasonPricing>(t, url()));
      const a = priceSave(lane, 2 * round, version);
      const b = priceSave(lane, 2 * round + 1, version);
      return { a: { send: send(t, 'PUT', url(), a.body), expect: a.expect }, b: { send: send(t, 'PUT', url(), b.body), expect: b.expect } };
    },
    read: async (t) => priceStateOf(await get<SeasonPricing>(t, url())),
    checkHistory: async (t, round) => {
      newestSet = await expectRoundHistory(t, lane, newestSet, 1, round);
    },
  };
}

/** One client removes a price group while the other edits it, from the same version. */
function priceGroupRemovedWhileEdited(): Subject<unknown> {
  let lane: PriceLane;
  let newestSet = 0;
  const url = () => `tour-pricing/${lane.tourId}/${lane.seasonId}`;
  return {
    name: 'a price group removed by one client while the other edits it',
    prepare: async (t) => {
      const fixture = await createPricingFixture(t.db);
      lane = { kind: 'prices', tourId: fixture.tourId, seasonId: fixture.seasonId, roomTypeId: fixture.roomTypeId, markupRateId: fixture.rates.r20 };
    },
    round: async (t, round) => {
      // Each round starts from two groups; A removes the first, B edits it.
      const { version } = priceStateOf(await get<SeasonPricing>(t, url()));
      const price = (gross: number) => ({ room_type_id: lane.roomTypeId, markup_rate_id: lane.markupRateId, gross });
      const reset = {
        version,
        categories: [
          { start: '2026-05-01', end: '2026-05-31', nights: 7, prices: [price(1)] },
          { start: '2026-06-01', end: '2026-06-30', nights: 14, prices: [price(2), price(2)] },
        ],
      };
      const answer = await send(t, 'PUT', url(), reset)();
      if (answer.status !== 200) throw new Error(`Resetting the season: ${answer.status} ${answer.body}`);
      const current = await get<SeasonPricing>(t, url());
      const [first] = current.categories;
      const v = current.tour_season.version;
      const edited = {
        ...first,
        version: v,
        nights: 1 + (round % 20),
        prices: first.prices.map(({ net: _net, cost: _cost, ...stored }) => ({ ...stored, gross: 1000 + round })),
      };
      return {
        a: { send: send(t, 'DELETE', `${url()}/${first.id}?version=${v}`), expect: { version: v + 1, groups: [[2, 2]] } },
        b: { send: send(t, 'PUT', `${url()}/${first.id}`, edited), expect: { version: v + 1, groups: [[1000 + round], [2, 2]] } },
      };
    },
    read: async (t) => priceStateOf(await get<SeasonPricing>(t, url())),
    // The round's reset, then the winner: a removed group, or an edited one.
    checkHistory: async (t, round) => {
      newestSet = await expectRoundHistory(t, lane, newestSet, 2, round);
    },
  };
}

function booking(): Subject<unknown> {
  let bookingId: number;
  const read = async (t: TestApp) =>
    bookingStateOf(await get<Booking>(t, `bookings/${bookingId}`), (await get<unknown[]>(t, `bookings/${bookingId}/snapshot`)).length);
  return {
    name: 'a booking',
    prepare: async (t) => {
      bookingId = (await createBookingFixture(t.db)).bookingId;
    },
    round: async (t, round) => {
      const current = await get<Booking>(t, `bookings/${bookingId}`);
      const snapshots = (await get<unknown[]>(t, `bookings/${bookingId}/snapshot`)).length;
      const a = bookingSave(current, snapshots, 3 * round);
      const b = bookingSave(current, snapshots, 3 * round + 1);
      const path = `bookings/${bookingId}`;
      return { a: { send: send(t, 'PUT', path, a.body), expect: a.expect }, b: { send: send(t, 'PUT', path, b.body), expect: b.expect } };
    },
    read,
  };
}

function tour(): Subject<unknown> {
  let tourId: number;
  /** The tour's name, version and every meta row, straight from the tables. */
  const read = async (t: TestApp) => {
    const row = await t.db.selectFrom('tours').select(['name', 'version']).where('id', '=', tourId).executeTakeFirstOrThrow();
    const meta = await t.db.selectFrom('tour_meta').select(['key', 'value']).where('tour_id', '=', tourId).orderBy('key').execute();
    return { ...row, meta };
  };
  return {
    name: 'a tour',
    prepare: async (t) => {
      tourId = (await createTour(t, { name: 'Race Tour', slug: `race-tour-${Date.now()}` })).id;
    },
    round: async (t, round) => {
      const { version, meta } = await read(t);
      const save = (side: 'A' | 'B', keys: string[]) => {
        const items = keys.map((key) => ({ key, value: `${side}-${round}` }));
        const merged = new Map([...meta, ...items].map((item) => [item.key, item.value]));
        const expect = {
          name: `Tour ${side}-${round}`,
          version: version + 1,
          meta: [...merged].sort(([x], [y]) => x.localeCompare(y)).map(([key, value]) => ({ key, value })),
        };
        return { send: send(t, 'PUT', `tours/${tourId}`, { version, name: expect.name, meta: items }), expect };
      };
      return { a: save('A', ['live_map', 'weather']), b: save('B', ['getting_there', 'live_map']) };
    },
    read,
  };
}

function markupModel(): Subject<unknown> {
  let seasonId: number;
  let modelId: number;
  const url = () => `models/${seasonId}/${modelId}`;
  const summary = (model: Pick<MarkupModel, 'name' | 'version' | 'rates'>) => ({
    name: model.name,
    version: model.version,
    rates: model.rates.map((rate) => [rate.commission, rate.markup, rate.supplement_markup]).sort((x, y) => x[0] - y[0] || x[1] - y[1]),
  });
  return {
    name: 'a markup model',
    prepare: async (t) => {
      seasonId = (await t.db.insertInto('seasons').values({ name: 'Race season' }).returning('id').executeTakeFirstOrThrow()).id;
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/models',
        headers: t.auth,
        payload: { name: 'Race model', season_id: seasonId, rates: [0, 10, 20].map((commission) => ({ commission, markup: 1.3, supplement_markup: 1.2 })) },
      });
      modelId = created.json<MarkupModel>().id;
    },
    round: async (t, round) => {
      const current = await get<MarkupModel>(t, url());
      const [kept, edited, dropped] = current.rates;
      const markup = (side: number) => Number((1 + side / 10 + (round % 50) / 1000).toFixed(3));
      // A edits two rates and, every other round, replaces the third; B edits all three.
      const a: MarkupModelSave =
        round % 2
          ? {
              model: {
                name: `Model A-${round}`,
                version: current.version,
                rates: [kept, { ...edited, markup: markup(1) }, { commission: 30 + (round % 20), markup: markup(1), supplement_markup: 1.1 }],
              },
              removedRatesIds: [dropped.id],
            }
          : {
              model: { name: `Model A-${round}`, version: current.version, rates: [kept, { ...edited, markup: markup(1) }, { ...dropped, markup: markup(1) }] },
            };
      const b: MarkupModelSave = {
        model: { name: `Model B-${round}`, version: current.version, rates: current.rates.map((rate) => ({ ...rate, markup: markup(2) })) },
      };
      const expect = (save: MarkupModelSave) =>
        summary({ name: save.model.name, version: current.version + 1, rates: save.model.rates.map((rate) => ({ id: 0, ...rate })) });
      return { a: { send: send(t, 'PUT', url(), a), expect: expect(a) }, b: { send: send(t, 'PUT', url(), b), expect: expect(b) } };
    },
    read: async (t) => summary(await get<MarkupModel>(t, url())),
  };
}

export const CONCURRENCY_SUBJECTS = [seasonPrices, priceGroupRemovedWhileEdited, booking, tour, markupModel];

/**
 * For each subject, `rounds` times: two clients save from the same version at once (alternating
 * which request starts first). Exactly one gets 200 and the other 409, and the stored state is
 * exactly the winner's save: nothing of the loser's, nothing half written; where prices are saved,
 * the price history holds the winner's change set only, and it agrees with the stored prices.
 */
export function describeConcurrency(engine: StressEngine, rounds: number, open: () => Promise<TestApp>) {
  describe(`two clients saving at once, ${rounds} rounds each (${engine})`, () => {
    const figures: { subject: string; rounds: number; aWon: number; bWon: number; refused409: number }[] = [];
    for (const makeSubject of CONCURRENCY_SUBJECTS) {
      const subject = makeSubject();
      it(
        `one of two saves of ${subject.name} wins, the other gets 409, nothing is half written`,
        async () => {
          const t = await open();
          try {
            await subject.prepare(t);
            const tally = { subject: subject.name, rounds: 0, aWon: 0, bWon: 0, refused409: 0 };
            for (let round = 1; round <= rounds; round++) {
              const { a, b } = await subject.round(t, round);
              const [answerA, answerB] = round % 2 ? await Promise.all([a.send(), b.send()]) : (await Promise.all([b.send(), a.send()])).reverse();
              const statuses = [answerA.status, answerB.status];
              expect(
                statuses.sort(),
                `round ${round}: ${answerA.status} ${answerA.body.slice(0, 300)} / ${answerB.status} ${answerB.body.slice(0, 300)}`,
              ).toEqual([200, 409]);
              const winner = answerA.status === 200 ? a : b;
              expect(await subject.read(t), `round ${round}: the stored state is the winner's save`).toEqual(winner.expect);
              await subject.checkHistory?.(t, round);
              tally.rounds += 1;
              tally.refused409 += 1;
              if (winner === a) tally.aWon += 1;
              else tally.bWon += 1;
            }
            figures.push(tally);
            if (figures.length === CONCURRENCY_SUBJECTS.length) {
              recordFigures(
                'concurrency',
                { roundsPerSubject: rounds, totalRounds: figures.reduce((sum, row) => sum + row.rounds, 0), halfWritten: 0, subjects: figures },
                engine,
              );
            }
          } finally {
            await t.close();
          }
        },
        rounds * 2_000 + 120_000,
      );
    }
  });
}
