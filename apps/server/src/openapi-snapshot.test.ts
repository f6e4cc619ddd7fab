import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';

/*
 * Issue 42 moves where routes are declared, not what they are: both OpenAPI documents must stay byte for byte
 * what they were when the move began. A change that means to alter the API rewrites the snapshot on purpose:
 * `UPDATE_OPENAPI_SNAPSHOT=1 npm run test:unit -- apps/server/src/openapi-snapshot.test.ts`, and the diff is
 * reviewed like code.
 */
const documents = {
  '/api/docs/json': new URL('../test/snapshots/openapi-portal.json', import.meta.url),
  '/api/partner/docs/json': new URL('../test/snapshots/openapi-partner.json', import.meta.url),
};

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  // The portal's document lists `/` when a web build is there to serve; the unit tests run before the build
  // (and in a checkout that never built it), so the test brings a build of its own.
  webDist = await mkdtemp(join(tmpdir(), 'portal-openapi-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Prepaid Portal</title>');
  ctx = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('OpenAPI documents', () => {
  for (const [url, file] of Object.entries(documents)) {
    it(`${url} is the snapshot, byte for byte`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1') await writeFile(file, res.body);
      expect(res.body === (await readFile(file, 'utf8')), `${url} differs from ${file.pathname}`).toBe(true);
    });
  }
});
