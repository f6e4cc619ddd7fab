import PgBoss from 'pg-boss';
import { z } from 'zod';
import { asActor } from '../db/audit.ts';

/**
 * One job: its pg-boss queue name and the zod schema of its payload. A module declares its jobs in
 * `<domain>.job-defs.ts`, which imports nothing of its module, so the services that send a job and the
 * module's `<domain>.jobs.ts` that works it both import the definition without an import loop.
 * The name is also the audit trail's actor (`job:<name>`): it never changes once deployed.
 */
/** A job's payload is a JSON object: pg-boss stores it as jsonb. */
export type PayloadSchema = z.ZodType<object, object>;

export interface JobDef<S extends PayloadSchema = PayloadSchema> {
  readonly name: string;
  readonly payload: S;
}

export function defineJob<S extends PayloadSchema>(name: string, payload: S): JobDef<S> {
  return { name, payload };
}

/** The payload of a job that carries none (a sweep, a scheduled run): pg-boss's schedules send `{}`. */
export const noPayload = z.object({});

/**
 * A module's worker of one job (built by `work`): the handler with the payload parsed, its retries and, for a
 * recurring job, its schedule. `buildApp` defines every module's workers; `main.ts` schedules the recurring ones.
 */
export interface JobWorker {
  readonly name: string;
  /** Parses the payload and runs the handler: a payload its schema refuses fails the job, the handler never runs. */
  readonly run: (data: unknown) => Promise<void>;
  /** Retries after a failure; handlers are idempotent, a job may run again after a crash. Default 5. */
  readonly retryLimit?: number;
  /** Cron expression in Europe/Berlin time for a recurring job. */
  readonly schedule?: string;
}

export function work<S extends PayloadSchema>(
  job: JobDef<S>,
  handler: (payload: z.output<S>) => Promise<unknown>,
  opts: { retryLimit?: number; schedule?: string } = {},
): JobWorker {
  return {
    name: job.name,
    retryLimit: opts.retryLimit,
    schedule: opts.schedule,
    async run(data) {
      const parsed = job.payload.safeParse(data);
      // Thrown, not swallowed: pg-boss records the message on the job and retries it like any other failure.
      if (!parsed.success) throw new Error(`job ${job.name}: payload refused: ${z.prettifyError(parsed.error)}`);
      await handler(parsed.data);
    },
  };
}

export interface Jobs {
  define(worker: JobWorker, opts?: { batchSize?: number }): void;
  /** Queues one job; the payload is typed by the job's schema (the worker parses it when the job runs). */
  send<S extends PayloadSchema>(
    job: JobDef<S>,
    data: z.input<S>,
    opts?: { singletonKey?: string; startAfter?: Date },
  ): Promise<void>;
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
  const workers = new Map<string, { run: JobWorker['run']; retryLimit: number; batchSize: number }>();
  let started = false;

  return {
    define(worker, opts = {}) {
      workers.set(worker.name, {
        run: worker.run,
        retryLimit: worker.retryLimit ?? 5,
        batchSize: opts.batchSize ?? 1,
      });
    },
    async send(job, data, opts = {}) {
      await boss.send(job.name, data, {
        singletonKey: opts.singletonKey,
        startAfter: opts.startAfter,
      });
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'Europe/Berlin' });
    },
    async start() {
      await boss.start();
      started = true;
      for (const [name, w] of workers) {
        await boss.createQueue(name, { retryLimit: w.retryLimit, retryDelay: 5, retryBackoff: true });
        await boss.work<object>(name, { batchSize: w.batchSize, pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await asActor(`job:${name}`, () => w.run(job.data));
        });
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 20_000, wait: true });
      started = false;
    },
  };
}
