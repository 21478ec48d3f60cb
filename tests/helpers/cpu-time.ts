/**
 * The CPU time this process spends on `work`, in milliseconds: what a request costs the server's
 * thread (the server, Fastify's inject and the embedded database all run in this process). Unlike
 * wall time it does not grow while the machine is busy with other jobs, so a limit on it tests the
 * code, not the machine's load.
 */
export async function cpuMillis<T>(work: () => Promise<T> | T): Promise<{ result: T; ms: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, ms: (used.user + used.system) / 1000 };
}
