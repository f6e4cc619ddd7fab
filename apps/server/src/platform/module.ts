import type { FastifyInstance } from 'fastify';

/** A pg-boss job of a module: main.ts defines every module's jobs and schedules the recurring ones. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T) => Promise<void>;
  /** Retries after a failure; handlers are idempotent, a job may run again after a crash. Default 5. */
  retryLimit?: number;
  /** Cron expression in Europe/Berlin time for a recurring job. */
  schedule?: string;
}

/**
 * The shape of every domain module (`<domain>.module.ts` exports `create<Domain>Module(deps)`): its
 * services for other modules and tests, its routes under `/api`, and its jobs from `<domain>.jobs.ts`.
 */
export interface PortalModule<S extends object = object> {
  name: string;
  services: S;
  register(app: FastifyInstance): Promise<void>;
  jobs: readonly JobDefinition[];
}
