import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/data-dir-lock.js';

let folder: string;
const lockFile = () => path.join(folder, 'server.lock');
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** The pid of a process that has already ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the data folder lock', () => {
  it('holds the owner pid and is released', () => {
    const unlock = lockDataDir(folder);
    expect(readFileSync(lockFile(), 'utf8').split(' ')[0]).toBe(String(process.pid));
    unlock();
    expect(() => readFileSync(lockFile())).toThrow();
  });

  it('refuses a folder a running process holds', () => {
    // The parent of this test process runs, and its start time is the one written.
    const holder = process.ppid;
    const stat = readFileSync(`/proc/${holder}/stat`, 'utf8');
    writeFileSync(lockFile(), `${holder} ${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`);
    expect(() => lockDataDir(folder)).toThrow(/in use by another server \(pid \d+\)/);
  });

  it('takes over the lock of a server that was killed', () => {
    writeFileSync(lockFile(), `${deadPid()} 12345`);
    const unlock = lockDataDir(folder);
    expect(readFileSync(lockFile(), 'utf8').split(' ')[0]).toBe(String(process.pid));
    unlock();
  });

  it('takes over a lock whose pid now belongs to a process started later (pid reused after a restart)', () => {
    writeFileSync(lockFile(), `${process.ppid} 1`);
    expect(() => lockDataDir(folder)()).not.toThrow();
  });

  it('reads a lock of the older pid-only form', () => {
    writeFileSync(lockFile(), String(process.ppid));
    expect(() => lockDataDir(folder)).toThrow(/in use/);
    writeFileSync(lockFile(), String(deadPid()));
    expect(() => lockDataDir(folder)()).not.toThrow();
  });
});
