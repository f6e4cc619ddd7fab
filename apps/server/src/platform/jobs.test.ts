import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../../test/harness.ts';
import { currentActorSetting } from '../db/audit.ts';
import { createJobs, defineJob, type Jobs, work } from './jobs.ts';

const MAIL = defineJob('test.mail', z.object({ invoiceId: z.number().int(), copy: z.boolean().optional() }));

describe('a typed job', () => {
  it('hands its handler the parsed payload', async () => {
    const seen: unknown[] = [];
    await work(MAIL, async (p) => {
      seen.push(p);
    }).run({ invoiceId: 7 });
    expect(seen).toEqual([{ invoiceId: 7 }]);
  });

  it('fails a payload its schema refuses, naming the job and the field, without calling the handler', async () => {
    let calls = 0;
    const worker = work(MAIL, async () => {
      calls++;
    });
    await expect(worker.run({ invoiceId: 'seven' })).rejects.toThrow(/job test\.mail: payload refused[\s\S]*invoiceId/);
    await expect(worker.run(null)).rejects.toThrow('job test.mail: payload refused');
    expect(calls).toBe(0);
  });

  it('types the handler by its schema', () => {
    work(MAIL, async (p) => {
      const id: number = p.invoiceId;
      // @ts-expect-error the payload has no such field
      p.runId;
      return id;
    });
  });
});

describe('a typed job on pg-boss', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let jobs: Jobs;
  let admin: pg.Client;
  const ran: { payload: object; actor: string | null }[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    jobs = createJobs(database.url, { error: () => {} });
    jobs.define(
      work(
        MAIL,
        async (p) => {
          ran.push({ payload: p, actor: currentActorSetting() });
        },
        { retryLimit: 0 },
      ),
    );
    await jobs.start();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await jobs?.stop();
    await database?.drop();
  });

  async function settled(state: string) {
    for (let waited = 0; waited < 20_000; waited += 100) {
      const { rows } = await admin.query<{ state: string; output: { message?: string } | null }>(
        `select state::text, output from pgboss.job where name = $1 and state = $2`,
        [MAIL.name, state],
      );
      if (rows.length) return rows;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${state} job of ${MAIL.name} within 20 s`);
  }

  it('runs a well-formed payload as the job, and fails a malformed one without running its handler', async () => {
    await jobs.send(MAIL, { invoiceId: 42 }, { singletonKey: 'mail-42' });
    await settled('completed');
    expect(ran).toEqual([{ payload: { invoiceId: 42 }, actor: JSON.stringify({ name: 'job:test.mail' }) }]);

    // @ts-expect-error send refuses a payload its job's schema does not type
    await jobs.send(MAIL, { invoiceId: '43' });
    const [failed] = await settled('failed');
    expect(failed?.output?.message).toMatch(/job test\.mail: payload refused[\s\S]*invoiceId/);
    expect(ran).toHaveLength(1);
  });
});
