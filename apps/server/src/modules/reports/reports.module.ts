import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { languageOfUser } from '../../platform/language.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { Storage } from '../../platform/storage.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createReportChoicesRepository } from './report-choices.repository.ts';
import { createReportChoicesService } from './report-choices.service.ts';
import { createReportExportsService } from './report-exports.service.ts';
import { reportsJobs } from './reports.jobs.ts';
import { createReportsRepository } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createSalesReportsService, createViewOf } from './sales-reports.service.ts';
import { createSalesRollupRepository } from './sales-rollup.repository.ts';
import { createSalesRollupService } from './sales-rollup.service.ts';

/**
 * The sales reports: lists, counters, summaries with their drill-down, exports built by a job, the home
 * dashboards that show the same figures, and the rollup job that keeps long periods fast.
 */
export function createReportsModule(deps: {
  db: Db;
  readDb: Db;
  clock: Clock;
  jobs: Jobs;
  storage: Storage;
  /** Asks the alerts for a low-stock scan: a new threshold can put a denomination below it at once. */
  onThresholdChanged?: () => Promise<void>;
}) {
  const { db, readDb, clock, jobs, storage } = deps;
  const repo = createReportsRepository(db, readDb);
  const viewOf = createViewOf(repo);
  const services = {
    salesReports: createSalesReportsService({ repo, viewOf }),
    choices: createReportChoicesService({ repo: createReportChoicesRepository(readDb) }),
    exports: createReportExportsService({
      repo,
      viewOf,
      storage,
      jobs,
      clock,
      languageOfUser: (userId) => languageOfUser(db, userId),
    }),
    dashboard: createDashboardService({
      reports: repo,
      repo: createDashboardRepository(db, readDb),
      viewOf,
      clock,
      onThresholdChanged: deps.onThresholdChanged,
    }),
    rollup: createSalesRollupService({ repo: createSalesRollupRepository(db), clock }),
  };
  return {
    name: 'reports',
    services,
    register: async (app) => {
      await app.register(reportsRoutes(services), { prefix: '/api' });
    },
    jobs: reportsJobs({ exports: services.exports, rollup: services.rollup }),
  } satisfies PortalModule<typeof services>;
}
export type ReportsModule = ReturnType<typeof createReportsModule>;
