import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * When a process started, in clock ticks since boot (Linux /proc), or null where that cannot be
 * read. With the pid it names one process: after a crash and a restart (of the machine or a
 * container) the dead server's pid is often reused by another process, and only the start time
 * tells them apart.
 */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in brackets may hold spaces; the fields after it do not.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** True when the process that wrote the lock (pid and, where known, start time) still runs. */
function ownerStillRuns(lock: string): { pid: number; running: boolean } {
  const [pidText, startTime] = lock.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isRunning(pid)) return { pid, running: false };
  const currentStart = startTimeOf(pid);
  return { pid, running: !startTime || !currentStart || currentStart === startTime };
}

/**
 * One process per embedded data folder: two PGlite engines on one folder silently lose writes.
 * The lock file holds the owner's pid and start time; a lock left by a process that no longer runs
 * (a server killed without stopping, say) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  const content = [process.pid, startTimeOf(process.pid)].filter((part) => part !== null).join(' ');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerStillRuns(readFileSync(file, 'utf8'));
      if (owner.running) {
        throw new Error(`The data folder ${dataDir} is in use by another server (pid ${owner.pid}). Stop it first, or set DATA_DIR to another folder.`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}
