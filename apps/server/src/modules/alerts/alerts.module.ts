import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { alertsJobs } from './alerts.jobs.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { alertsRoutes } from './alerts.routes.ts';
import { createAlertsService } from './alerts.service.ts';

/** Alerts: low-stock notices in the bell and by mail, raised by a job from the stock, never by a purchase. */
export function createAlertsModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  outbox: Pick<OutboxService, 'queue' | 'dispatch'>;
  log?: { warn(o: object, m: string): void };
}) {
  const services = {
    alerts: createAlertsService({
      db: deps.db,
      repo: createAlertsRepository(deps.db),
      outbox: deps.outbox,
      clock: deps.clock,
      jobs: deps.jobs,
      log: deps.log,
    }),
  };
  return {
    name: 'alerts',
    services,
    register: async (app) => {
      await app.register(alertsRoutes(services.alerts), { prefix: '/api' });
    },
    jobs: alertsJobs(services.alerts),
  } satisfies PortalModule<typeof services>;
}
