import { appendFileSync, readFileSync } from 'node:fs';
import type { Booking } from '../../src/domain/bookings/booking-schema.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { bookingSave, bookingStateOf, paymentOf, priceSave, priceStateOf, type JournalLine, type Lane, type WriterConfig } from '../helpers/write-workloads.js';

// The second process of the crash test: writes through the HTTP API as fast as the server
// answers, one lane per target, journalling each request before it is sent and each answer,
// until the server dies under it. Run by tests/stress/crash-recovery.test.ts:
//   node --import tsx tests/stress/crash-writer.ts CONFIG.json

const config = JSON.parse(readFileSync(process.argv[2], 'utf8')) as WriterConfig;
let nextSave = config.firstSave;

// Synchronous appends: whatever the writer learnt is on disk before it does anything else.
const journal = (line: JournalLine) => appendFileSync(config.journal, `${JSON.stringify(line)}\n`);

class Lost extends Error {}

async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T; text: string }> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/api/v1/${path}`, {
      method,
      headers: { authorization: config.authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new Lost(error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error));
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new Lost(`answer cut off: ${String(error)}`);
  }
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T, text };
}

async function get<T>(path: string): Promise<T> {
  const answer = await call<T>('GET', path);
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.text}`);
  return answer.json;
}

async function runLane(index: number, lane: Lane) {
  const send = async (n: number, method: string, path: string, body: unknown, expect: Extract<JournalLine, { op: 'send' }>['expect']) => {
    journal({ lane: index, op: 'send', n, expect });
    const answer = await call<unknown>(method, path, body).catch((error: unknown) => {
      if (error instanceof Lost) journal({ lane: index, op: 'lost', n, error: error.message });
      throw error;
    });
    if (answer.status < 200 || answer.status > 299) {
      journal({ lane: index, op: 'refused', n, status: answer.status, body: answer.text.slice(0, 2000) });
      throw new Error(`Lane ${index} save ${n}: ${answer.status} ${answer.text.slice(0, 500)}`);
    }
    return answer.json;
  };

  if (lane.kind === 'prices') {
    const path = `tour-pricing/${lane.tourId}/${lane.seasonId}`;
    let state = priceStateOf(await get<SeasonPricing>(path));
    journal({ lane: index, op: 'start', state });
    for (;;) {
      const n = nextSave++;
      const save = priceSave(lane, n, state.version);
      state = priceStateOf((await send(n, 'PUT', path, save.body, save.expect)) as SeasonPricing);
      journal({ lane: index, op: 'ack', n, state });
    }
  }
  if (lane.kind === 'booking') {
    let booking = await get<Booking>(`bookings/${lane.bookingId}`);
    let snapshots = (await get<unknown[]>(`bookings/${lane.bookingId}/snapshot`)).length;
    journal({ lane: index, op: 'start', state: bookingStateOf(booking, snapshots) });
    for (;;) {
      const n = nextSave++;
      const save = bookingSave(booking, snapshots, n);
      booking = (await send(n, 'PUT', `bookings/${lane.bookingId}`, save.body, save.expect)) as Booking;
      snapshots += 1;
      journal({ lane: index, op: 'ack', n, state: bookingStateOf(booking, snapshots) });
    }
  }
  journal({ lane: index, op: 'start', state: null });
  for (;;) {
    const n = nextSave++;
    const { body } = paymentOf(lane, n);
    const record = { id: null, tx_code: body.tx_code, amount: body.amount };
    const answer = (await send(n, 'POST', 'payments/booking', body, record)) as { id: number };
    journal({ lane: index, op: 'ack', n, state: { ...record, id: answer.id } });
  }
}

// Every lane ends when the server goes away (Lost); anything else is a failure of the server.
const outcomes = await Promise.allSettled(config.lanes.map((lane, index) => runLane(index, lane)));
const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' && !(outcome.reason instanceof Lost) ? [outcome.reason as unknown] : []));
for (const failure of failures) console.error(failure instanceof Error ? failure.message : failure);
process.exit(failures.length ? 2 : 0);
