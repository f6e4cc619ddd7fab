import type { FastifyInstance } from 'fastify';
import type { JobWorker } from './jobs.ts';

/**
 * The shape of every domain module (`<domain>.module.ts` exports `create<Domain>Module(deps)`): its
 * services for other modules and tests, its routes under `/api`, and the workers of its jobs from `<domain>.jobs.ts`
 * (the jobs themselves, name and payload, are defined in `<domain>.job-defs.ts`).
 */
export interface PortalModule<S extends object = object> {
  name: string;
  services: S;
  register(app: FastifyInstance): Promise<void>;
  jobs: readonly JobWorker[];
}
