import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

// How long a cheap request takes while a server is under attack: the server runs on one thread
// (with the embedded database on it), so a request that holds the thread for a second delays
// every other request by as much. Issue 19: no request may hold it for more than about 100 ms.

export type LatencyFigures = {
  /** Cheap requests measured, and their latency. */
  probes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Attack requests completed, their median latency and the statuses they got. */
  attacks: number;
  attackP50Ms: number;
  attackStatuses: Record<string, number>;
  /**
   * The server's CPU time per attack request (from `serverCpuMs`), probes' share included: what
   * one request holds the server's thread for, which waiting for a busy machine's cores does not
   * inflate as it does latency. Null without `serverCpuMs`.
   */
  serverCpuMsPerAttack: number | null;
  /** The machine's one-minute load average per core during the run (other work competes for the cores). */
  loadPerCore: number;
};

export type AttackRun = {
  /** One attack request; answers its HTTP status. Sent again as soon as it completes. */
  attack: () => Promise<number>;
  /** One cheap request; throws when it fails. Its latency is what is measured. */
  probe: () => Promise<void>;
  durationMs: number;
  /** Attack requests in flight at once. */
  attackers?: number;
  /** Pause between two probes, so probes sample the attack rather than queue behind each other. */
  probeGapMs?: number;
  /** The CPU time the server's process has used so far, in ms (see processCpuMs). */
  serverCpuMs?: () => number;
};

/** The CPU time (user and system) a process has used so far, in ms, read from Linux's /proc. */
export function processCpuMs(pid: number): number {
  // Fields after the command name (which is in brackets and may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * The CPU time the main thread of a process (the one that runs JavaScript's event loop, whose
 * thread id is the process id) has used so far, in ms: what blocks every other request. Work
 * handed to worker threads (picture decoding) is not counted, as it does not block them.
 */
export function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every platform Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

const percentile = (sorted: readonly number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] : 0;
const round = (ms: number) => Math.round(ms * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `attack` back to back from `attackers` loops for `durationMs`, measuring `probe` meanwhile. */
export async function measureLatencyDuring({ attack, probe, durationMs, attackers = 1, probeGapMs = 10, serverCpuMs }: AttackRun): Promise<LatencyFigures> {
  const cpuBefore = serverCpuMs?.();
  const stopAt = performance.now() + durationMs;
  const attackTimes: number[] = [];
  const attackStatuses: Record<string, number> = {};
  const probeTimes: number[] = [];
  const attackLoop = async () => {
    while (performance.now() < stopAt) {
      const started = performance.now();
      const status = await attack();
      attackTimes.push(performance.now() - started);
      attackStatuses[status] = (attackStatuses[status] ?? 0) + 1;
    }
  };
  const probeLoop = async () => {
    // The attackers get going first, so the probes meet them.
    await sleep(probeGapMs * 5);
    while (performance.now() < stopAt) {
      const started = performance.now();
      await probe();
      probeTimes.push(performance.now() - started);
      await sleep(probeGapMs);
    }
  };
  await Promise.all([...Array.from({ length: attackers }, attackLoop), probeLoop()]);
  const cpuUsed = cpuBefore === undefined || serverCpuMs === undefined ? null : serverCpuMs() - cpuBefore;
  const probes = [...probeTimes].sort((a, b) => a - b);
  const attacks = [...attackTimes].sort((a, b) => a - b);
  return {
    probes: probes.length,
    p50Ms: round(percentile(probes, 0.5)),
    p99Ms: round(percentile(probes, 0.99)),
    maxMs: round(probes.at(-1) ?? 0),
    attacks: attacks.length,
    attackP50Ms: round(percentile(attacks, 0.5)),
    attackStatuses,
    serverCpuMsPerAttack: cpuUsed === null || attackTimes.length === 0 ? null : round(cpuUsed / attackTimes.length),
    loadPerCore: Math.round((loadavg()[0] / cpus().length) * 100) / 100,
  };
}
