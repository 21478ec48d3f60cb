// The worker thread that evaluates large seasons' formulas for evaluate-off-thread.ts. It runs
// the same evaluatePriceRows the server runs inline, on rows sent by structured clone.

import { parentPort } from 'node:worker_threads';
import { evaluatePriceRows } from '../../formulas/evaluate-price-rows.js';
import type { EvaluationReply, EvaluationRequest } from './evaluation-messages.js';

parentPort?.on('message', ({ id, rows, rates, currencyRate, kind }: EvaluationRequest) => {
  let reply: EvaluationReply;
  try {
    reply = { id, outcomes: evaluatePriceRows(rows, rates, currencyRate, kind) };
  } catch (error) {
    reply = { id, failure: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
