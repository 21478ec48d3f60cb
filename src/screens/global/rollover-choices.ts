import { ROLLOVER_PARTS, type RolloverCandidate, type RolloverPart, type RolloverRequestInput } from '../../domain/rollover/rollover-request.js';
import type { DateShift, RoundMode, RoundStep } from '../../domain/rollover/rollover-rules.js';

// What the manager chooses on the roll-over screen, as typed, and the request it makes: the screen
// keeps text as typed so a half-typed number is never silently turned into another.

export type UpliftRow = { key: number; kind: 'destination' | 'currency'; id: string; percent: string };

export type RolloverChoices = {
  source: string;
  target: string;
  /** Filters of the tour list: '' for all. */
  destination: string;
  currency: string;
  model: string;
  /** Tours already in the target season: replaced (their prices too) rather than skipped. */
  replace: boolean;
  /** Tours unticked by hand among those the filters show. */
  unticked: ReadonlySet<number>;
  uplift: string;
  uplifts: readonly UpliftRow[];
  roundTo: RoundStep;
  roundMode: RoundMode;
  ending: string;
  shift: DateShift;
  parts: ReadonlySet<RolloverPart>;
};

export const initialChoices = (source: string, target: string): RolloverChoices => ({
  source,
  target,
  destination: '',
  currency: '',
  model: '',
  replace: false,
  unticked: new Set(),
  uplift: '',
  uplifts: [],
  roundTo: 5,
  roundMode: 'nearest',
  ending: '',
  shift: 'year',
  parts: new Set(ROLLOVER_PARTS),
});

/** The candidates the filters show (tours already in the target season only when they are to be replaced; else they are listed apart). */
export function filteredTours(candidates: readonly RolloverCandidate[], choices: RolloverChoices): RolloverCandidate[] {
  return candidates.filter(
    (tour) =>
      (choices.replace || !tour.in_target) &&
      (choices.destination === '' || tour.destination_ids.includes(Number(choices.destination))) &&
      (choices.currency === '' || tour.currency_id === Number(choices.currency)) &&
      (choices.model === '' || tour.markup_model_id === Number(choices.model)),
  );
}

/** The tours the roll-over takes: those shown and still ticked. */
export const chosenTours = (candidates: readonly RolloverCandidate[], choices: RolloverChoices) =>
  filteredTours(candidates, choices).filter((tour) => !choices.unticked.has(tour.tour_id));

/** Text as a number for the request; text that is no number is sent as it is, for the server to name the field. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(/%$/, '')));

/** The request of the choices. A blank uplift is sent as no number, which the server refuses naming the field. */
export function requestOf(choices: RolloverChoices, tourIds: readonly number[]): RolloverRequestInput {
  return {
    source_season_id: Number(choices.source),
    target_season_id: Number(choices.target),
    tour_ids: [...tourIds],
    uplift_percent: numberOf(choices.uplift),
    uplifts: choices.uplifts.map((row) =>
      row.kind === 'destination'
        ? { destination_id: Number(row.id), percent: numberOf(row.percent) }
        : { currency_id: Number(row.id), percent: numberOf(row.percent) },
    ),
    round_to: choices.roundTo,
    round_mode: choices.roundMode,
    ending: choices.ending.trim() === '' ? null : numberOf(choices.ending),
    shift: choices.shift,
    replace_existing: choices.replace,
    parts: [...choices.parts],
  };
}
