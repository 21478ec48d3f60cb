import { Worker } from 'node:worker_threads';
import type { MarkupRate, PriceKind } from '../../domain/price-maths.js';
import { evaluatePriceRows } from '../../formulas/evaluate-price-rows.js';
import type { PriceRowOutcome, TypedPriceRow } from '../../formulas/price-rows.js';
import type { EvaluationReply, EvaluationRequest } from './evaluation-messages.js';

/**
 * From how many formula rows a save's evaluation moves to the worker thread. The formula engine
 * costs about 50 µs of CPU per formula row (a 5,000-row chain: 250 ms), while plain rows cost
 * about 4 µs and never reach it; 200 formulas stay near 10 ms, below which the round trip to the
 * worker (cloning the rows both ways) is not worth it.
 */
export const OFF_THREAD_FORMULAS = 200;

/**
 * evaluatePriceRows, with the same results, run so that a large season's formulas do not hold
 * the server's thread: no request may hold it for more than about 100 ms, and a season of
 * thousands of formula rows took 250 ms. Rows are evaluated at once, here, while this turn of the
 * event loop has evaluated fewer than OFF_THREAD_FORMULAS formulas (counting every evaluation of
 * the turn, so an extras save of many small extras cannot add up either); the rest in one worker
 * thread shared by the process (started on first use, then kept), one after another in the order
 * asked.
 */
export function evaluatePriceRowsOffThread(
  rows: readonly TypedPriceRow[],
  rates: readonly MarkupRate[],
  currencyRate: number | null,
  kind: PriceKind,
): Promise<PriceRowOutcome[]> {
  const formulas = rows.reduce((count, row) => count + (row.formula === null ? 0 : 1), 0);
  if (fitsThisTurn(formulas)) return Promise.resolve(evaluatePriceRows(rows, rates, currencyRate, kind));
  return evaluationWorker().evaluate({ rows, rates, currencyRate, kind });
}

// Formulas evaluated on this thread since the event loop last turned.
let formulasThisTurn = 0;

function fitsThisTurn(formulas: number): boolean {
  if (formulasThisTurn + formulas >= OFF_THREAD_FORMULAS) return false;
  if (formulasThisTurn === 0 && formulas > 0) {
    setImmediate(() => {
      formulasThisTurn = 0;
    });
  }
  formulasThisTurn += formulas;
  return true;
}

// A worker cannot take tsx's loader as the server's own thread does (Node 20 refuses `--import`
// for workers), so it starts as this script, which imports the TypeScript entry through tsx's
// API, found from this file (not from the working directory the server was started in).
const LOAD_TYPESCRIPT_WORKER = `
  const { workerData } = require('node:worker_threads');
  import(workerData.tsx).then(({ tsImport }) => tsImport(workerData.file, workerData.file));
`;
const TSX_API = import.meta.resolve('tsx/esm/api');

type Pending = { resolve: (outcomes: PriceRowOutcome[]) => void; reject: (error: Error) => void };
type EvaluationWorker = { evaluate: (request: Omit<EvaluationRequest, 'id'>) => Promise<PriceRowOutcome[]> };

let shared: EvaluationWorker | null = null;

function evaluationWorker(): EvaluationWorker {
  shared ??= startEvaluationWorker(() => {
    shared = null;
  });
  return shared;
}

/**
 * One worker thread and the evaluations waiting for it. The worker is TypeScript like the rest
 * of the server, so it loads tsx as the server does. It does not keep the process alive; if it
 * dies, what it was asked fails with the reason and the next evaluation starts a new one.
 */
function startEvaluationWorker(onExit: () => void): EvaluationWorker {
  const worker = new Worker(LOAD_TYPESCRIPT_WORKER, {
    eval: true,
    workerData: { file: new URL('./evaluation-worker.ts', import.meta.url).href, tsx: TSX_API },
  });
  worker.unref();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (reply: EvaluationReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('failure' in reply) waiting.reject(new Error(`Evaluating the formulas failed: ${reply.failure}`));
    else waiting.resolve(reply.outcomes);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => {
    onExit();
    failAll(new Error(`The formula worker stopped (exit code ${code})`));
  });
  return {
    evaluate: (request) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, ...request } satisfies EvaluationRequest);
      }),
  };
}
