import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stopOrphanedPostgres } from './embedded.ts';

const dir = mkdtempSync(join(tmpdir(), 'portal-orphan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a PostgreSQL left running on the data folder', () => {
  it('is never touched when the pid in postmaster.pid belongs to a process of another folder', async () => {
    // A live process whose working directory is not the data folder stands for another PostgreSQL.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { cwd: tmpdir(), stdio: 'ignore' });
    writeFileSync(join(dir, 'postmaster.pid'), `${other.pid}\n${dir}\n`);
    try {
      expect(await stopOrphanedPostgres(dir, () => {})).toBe(false);
      expect(other.exitCode).toBeNull();
      expect(other.killed).toBe(false);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('stops a live process running in the data folder, and waits until it is gone', async () => {
    const orphan = spawn(
      process.execPath,
      ['-e', "process.on('SIGINT', () => process.exit(0)); console.log('ready'); setTimeout(() => {}, 20000)"],
      { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const exited = new Promise((r) => orphan.once('exit', (code, signal) => r(code ?? signal)));
    await new Promise((r) => orphan.stdout.once('data', r));
    writeFileSync(join(dir, 'postmaster.pid'), `${orphan.pid}\n${dir}\n`);
    const lines: string[] = [];
    expect(await stopOrphanedPostgres(dir, (m) => lines.push(m))).toBe(true);
    expect(await exited).toBe(0);
    expect(lines[0]).toMatch(/stopping the embedded PostgreSQL \(pid \d+\)/);
  });

  it('ignores a stale pid file', async () => {
    writeFileSync(join(dir, 'postmaster.pid'), '999999999\n');
    expect(await stopOrphanedPostgres(dir, () => {})).toBe(false);
  });
});
