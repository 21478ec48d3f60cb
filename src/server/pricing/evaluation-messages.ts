import type { MarkupRate, PriceKind } from '../../domain/price-maths.js';
import type { PriceRowOutcome, TypedPriceRow } from '../../formulas/price-rows.js';

/** What the server sends the evaluation worker: evaluatePriceRows's arguments and an id to answer to. */
export type EvaluationRequest = {
  id: number;
  rows: readonly TypedPriceRow[];
  rates: readonly MarkupRate[];
  currencyRate: number | null;
  kind: PriceKind;
};

/** The worker's answer: the outcomes, or why evaluating threw. */
export type EvaluationReply = { id: number; outcomes: PriceRowOutcome[] } | { id: number; failure: string };
