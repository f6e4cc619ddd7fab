import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPortalClient, spawnPortal } from '../test/portal-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('graceful shutdown', () => {
  it('finishes the requests it accepted before stopping the database', { timeout: 120_000 }, async () => {
    const port = 21000 + Math.floor(Math.random() * 4000);
    const portal = spawnPortal(
      port,
      { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port + 10000), LOG_LEVEL: 'silent' },
      { quiet: true },
    );
    const client = createPortalClient(portal.base);
    await client.waitForHealth(90_000);
    const headers = await client.signIn('seller');

    // Many requests in flight, then SIGTERM while they run.
    const inflight = Array.from({ length: 150 }, () =>
      fetch(`${portal.base}/api/auth_check/`, { method: 'POST', headers }).then(
        (r) => r.status,
        () => 'refused' as const,
      ),
    );
    await new Promise((r) => setTimeout(r, 30));
    const exited = new Promise<number | null>((r) => portal.child.once('exit', (code) => r(code)));
    const stopping = Date.now();
    portal.child.kill('SIGTERM');
    const statuses = await Promise.all(inflight);

    expect(await exited).toBe(0);
    // Kept-alive client connections do not hold the close until they idle out.
    expect(Date.now() - stopping).toBeLessThan(15_000);
    // Every request either ran to a normal answer or was never accepted; none failed half-way.
    expect(statuses.filter((s) => s !== 200 && s !== 'refused' && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  });
});
