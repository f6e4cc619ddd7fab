import PgBoss from 'pg-boss';
import { asActor } from '../db/audit.ts';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface Jobs {
  define<T extends object>(
    name: string,
    handler: JobHandler<T>,
    opts?: { retryLimit?: number; batchSize?: number },
  ): void;
  send<T extends object>(name: string, data: T, opts?: { singletonKey?: string; startAfter?: Date }): Promise<void>;
  schedule(name: string, cron: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the application's own database: jobs survive restarts and are retried, and any copy of
 * the server can run them. Handlers must be idempotent (a job may run again after a crash).
 */
export function createJobs(connectionString: string, log: { error(o: object, m: string): void }): Jobs {
  const boss = new PgBoss({ connectionString, max: 5, application_name: 'portal-jobs' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const handlers = new Map<string, { handler: JobHandler<object>; retryLimit: number; batchSize: number }>();
  let started = false;

  return {
    define(name, handler, opts = {}) {
      handlers.set(name, {
        handler: handler as JobHandler<object>,
        retryLimit: opts.retryLimit ?? 5,
        batchSize: opts.batchSize ?? 1,
      });
    },
    async send(name, data, opts = {}) {
      await boss.send(name, data, { singletonKey: opts.singletonKey, startAfter: opts.startAfter });
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'Europe/Berlin' });
    },
    async start() {
      await boss.start();
      started = true;
      for (const [name, h] of handlers) {
        await boss.createQueue(name, { retryLimit: h.retryLimit, retryDelay: 5, retryBackoff: true });
        await boss.work<object>(name, { batchSize: h.batchSize, pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await asActor(`job:${name}`, () => h.handler(job.data));
        });
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 20_000, wait: true });
      started = false;
    },
  };
}
