import type { Tour } from '../../src/domain/tours/tour-schema.js';
import type { TourListItem } from '../../src/domain/tours/tour-list-schema.js';
import { httpCall } from './http-api.js';

/**
 * A client lane of the cluster stress tests: it owns one tour and, until stopped, either saves
 * the tour's name (under the version it last saw) or reads (the tour list, which the read cache
 * answers, or the tour), alternately. Every answer but a 2xx is a failure; a request that got no
 * answer (its server was killed) is lost, and the lane then reads the tour again to learn whether
 * the save was stored, which must be either it or the last acknowledged one.
 */
export type TourLane = {
  tourId: number;
  version: number;
  /** The name of the last save the server acknowledged (or found stored after a lost save). */
  acknowledgedName: string;
  acknowledged: number;
  reads: number;
  failures: string[];
  lost: number;
  /** Of those, requests given up on unanswered after LANE_REQUEST_TIMEOUT_MS. */
  timedOut: number;
  /** Lost saves whose re-read found neither them nor the last acknowledged name: acknowledged writes lost. */
  lostAcknowledged: string[];
};

export async function createTourLanes(baseUrl: string, authorization: string, count: number, label: string): Promise<TourLane[]> {
  const lanes: TourLane[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `${label} lane ${index} start`;
    const created = await httpCall<Tour>(baseUrl, authorization, 'POST', 'tours', { name });
    if (created.status !== 201) throw new Error(`Creating a tour failed: ${created.status} ${created.text}`);
    lanes.push({
      tourId: created.json.id,
      version: created.json.version,
      acknowledgedName: name,
      acknowledged: 0,
      reads: 0,
      failures: [],
      lost: 0,
      timedOut: 0,
      lostAcknowledged: [],
    });
  }
  return lanes;
}

/** Runs every lane until `stop()` resolves true (checked between requests); `allowLost`: a killed server may drop requests. */
export async function runTourLanes(baseUrl: string, authorization: string, lanes: TourLane[], stop: () => boolean, allowLost = false): Promise<void> {
  await Promise.all(lanes.map((lane, index) => runLane(baseUrl, authorization, lane, index, stop, allowLost)));
}

/**
 * How long a lane waits for an answer. A request caught by a worker's SIGKILL was once left
 * unanswered with its connection open, and fetch waited its own 5 minutes (a CI run's crash test
 * took 303 s instead of 30); given up on, it counts as lost (and a save's outcome is read again).
 */
const LANE_REQUEST_TIMEOUT_MS = 20_000;

async function runLane(baseUrl: string, authorization: string, lane: TourLane, index: number, stop: () => boolean, allowLost: boolean) {
  for (let step = 0; !stop(); step += 1) {
    const saving = step % 2 === 0;
    const name = `lane ${index} save ${step}`;
    try {
      if (saving) {
        const saved = await httpCall<Tour>(baseUrl, authorization, 'PUT', `tours/${lane.tourId}`, { version: lane.version, name }, LANE_REQUEST_TIMEOUT_MS);
        if (saved.status !== 200) lane.failures.push(`PUT ${saved.status} ${saved.text.slice(0, 200)}`);
        else {
          lane.version = saved.json.version;
          lane.acknowledgedName = name;
          lane.acknowledged += 1;
        }
      } else {
        const path = step % 4 === 1 ? 'tours/all' : `tours/${lane.tourId}`;
        const read = await httpCall<TourListItem[] | Tour>(baseUrl, authorization, 'GET', path, undefined, LANE_REQUEST_TIMEOUT_MS);
        if (read.status !== 200) lane.failures.push(`GET ${path} ${read.status} ${read.text.slice(0, 200)}`);
        else lane.reads += 1;
      }
    } catch (error) {
      if (!allowLost) {
        lane.failures.push(`${saving ? 'PUT' : 'GET'}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)}`);
        continue;
      }
      lane.lost += 1;
      if (error instanceof Error && error.name === 'TimeoutError') lane.timedOut += 1;
      if (saving) await learnStored(baseUrl, authorization, lane, name);
    }
  }
}

/** After a lost save: what is stored must be that save or the last acknowledged one; the lane goes on from it. */
async function learnStored(baseUrl: string, authorization: string, lane: TourLane, lostName: string) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const stored = await httpCall<Tour>(baseUrl, authorization, 'GET', `tours/${lane.tourId}`, undefined, LANE_REQUEST_TIMEOUT_MS);
      if (stored.status !== 200) throw new Error(`GET ${stored.status}`);
      if (stored.json.name !== lane.acknowledgedName && stored.json.name !== lostName) {
        lane.lostAcknowledged.push(`tour ${lane.tourId}: acknowledged ${lane.acknowledgedName}, stored ${stored.json.name}`);
      }
      lane.version = stored.json.version;
      lane.acknowledgedName = stored.json.name;
      return;
    } catch (error) {
      // The re-read went to the worker being killed too: the next one goes to another.
      if (attempt >= 100) throw error;
    }
  }
}
