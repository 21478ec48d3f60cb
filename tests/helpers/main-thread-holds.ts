import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { mainThreadCpuMs } from './latency-during-attack.js';

export type ThreadHolds<T> = {
  result: T;
  /** The longest time the event loop could not turn while `work` ran, in ms. */
  longestMs: number;
  /** The CPU time of this process's main thread meanwhile, in ms (Linux counts it in 10 ms ticks). */
  mainThreadCpuMs: number;
};

/**
 * How long `work` held this thread at a stretch, and the CPU it cost the thread in all. The
 * server, Fastify's inject and the embedded database run in this process, so a request that never
 * lets the loop turn shows as one long hold; work handed to worker threads counts in neither. The
 * loop is let turn once more after `work` ends: a hold is recorded only when the loop gets round
 * to its timer, and a request that ran in one turn ends in that same turn.
 */
export async function mainThreadHolds<T>(work: () => Promise<T>): Promise<ThreadHolds<T>> {
  const delays = monitorEventLoopDelay({ resolution: 1 });
  const cpuBefore = mainThreadCpuMs(process.pid);
  delays.enable();
  try {
    const result = await work();
    const cpu = mainThreadCpuMs(process.pid) - cpuBefore;
    await sleep(2);
    return { result, longestMs: delays.max / 1e6, mainThreadCpuMs: cpu };
  } finally {
    delays.disable();
  }
}
