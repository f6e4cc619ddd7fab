import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { Clock } from '../platform/clock.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { Keys } from '../platform/keys.ts';
import type { Metrics } from '../platform/metrics.ts';
import { createThrottle } from '../platform/throttle.ts';
import type { MessageSender } from '../providers/messaging.ts';
import { createAssignmentsRepository } from './assignments/assignments.repository.ts';
import { assignmentsRoutes } from './assignments/assignments.routes.ts';
import { createAssignmentsService } from './assignments/assignments.service.ts';
import { createAuthRepository } from './auth/auth.repository.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createCreditModule } from './credit/credit.module.ts';
import { createCustomersRepository } from './customers/customers.repository.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { createCustomersService } from './customers/customers.service.ts';
import { createCatalogueModule } from './inventory/inventory.module.ts';
import { createOrganisationsRepository } from './organisations/organisations.repository.ts';
import { organisationsRoutes } from './organisations/organisations.routes.ts';
import { createOrganisationsService } from './organisations/organisations.service.ts';
import { createOutboxRepository } from './outbox/outbox.repository.ts';
import { createOutboxService, SWEEP_JOB } from './outbox/outbox.service.ts';
import { createSellingModule } from './selling/selling.module.ts';
import { createStaffRepository } from './staff/staff.repository.ts';
import { staffRoutes } from './staff/staff.routes.ts';
import { createStaffService } from './staff/staff.service.ts';
import { createUsersRepository } from './users/users.repository.ts';
import { usersRoutes } from './users/users.routes.ts';
import { createUsersService } from './users/users.service.ts';

export interface ModuleDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  keys: Keys;
  metrics: Pick<Metrics, 'countPurchase'>;
  senders: { sms: MessageSender; email: MessageSender };
  session: { idleMs: number; maxMs: number };
}

/** The explicit list of domain modules: services wired with exactly what they use, routes under /api. */
export function createModules(deps: ModuleDeps) {
  const { db, clock, jobs } = deps;
  const outbox = createOutboxService({ db, repo: createOutboxRepository(db), jobs, clock, senders: deps.senders });
  const auth = createAuthService({
    db,
    repo: createAuthRepository(db),
    throttle: createThrottle(db, clock),
    outbox,
    clock,
    loginKeyPem: deps.keys.loginKey,
    sessionIdleMs: deps.session.idleMs,
    sessionMaxMs: deps.session.maxMs,
  });
  const organisations = createOrganisationsService({
    repo: createOrganisationsRepository(db),
    loginKey: auth.publicJwk,
  });
  const users = createUsersService({ repo: createUsersRepository(db) });
  const creditModule = createCreditModule({ db, clock, jobs });
  const credit = creditModule.services;
  const customersRepo = createCustomersRepository(db);
  const assignments = createAssignmentsService({
    db,
    repo: createAssignmentsRepository(db),
    clock,
    findVisibleCustomer: customersRepo.isVisible,
  });
  const customers = createCustomersService({
    db,
    repo: customersRepo,
    assertSlabMargins: assignments.assertDefaultSlabMargins,
    clock,
    openWallet: credit.ledger.openWallet,
    resolveHost: organisations.resolveHost,
    createInvitation: auth.createInvitation,
    outbox,
  });
  const staff = createStaffService({
    db,
    repo: createStaffRepository(db),
    clock,
    invite: customers.invite,
    endSessions: customers.endUserSessions,
  });
  const catalogue = createCatalogueModule({
    db,
    clock,
    jobs,
    keys: deps.keys,
    findPlansBrokenByCost: assignments.findPlansBrokenByCost,
  });
  const sellingModule = createSellingModule({
    db,
    clock,
    jobs,
    metrics: deps.metrics,
    credit: credit.autoCredit,
    pinCrypto: catalogue.services.pinCrypto,
    storage: catalogue.services.storage,
  });
  const selling = sellingModule.services;
  const moduleJobs = [...creditModule.jobs, ...sellingModule.jobs];
  for (const j of moduleJobs) jobs.define(j.name, j.handler, { retryLimit: j.retryLimit });

  return {
    services: {
      outbox,
      auth,
      organisations,
      users,
      credit,
      transactionKeys: selling.keys,
      selling,
      customers,
      staff,
      assignments,
      ...catalogue.services,
    },
    /** Recurring jobs (cron, Europe/Berlin), scheduled once at start by main.ts. */
    schedules: [
      [SWEEP_JOB, '* * * * *'],
      ...moduleJobs.flatMap((j) => (j.schedule ? [[j.name, j.schedule] as const] : [])),
      ...catalogue.schedules,
    ] as const,
    async register(app: FastifyInstance) {
      await app.register(organisationsRoutes(organisations), { prefix: '/api' });
      await app.register(authRoutes(auth, organisations), { prefix: '/api' });
      await app.register(usersRoutes(users), { prefix: '/api' });
      await creditModule.register(app);
      await app.register(customersRoutes(customers), { prefix: '/api' });
      await app.register(staffRoutes(staff), { prefix: '/api' });
      await app.register(assignmentsRoutes(assignments), { prefix: '/api' });
      await sellingModule.register(app);
      await catalogue.register(app);
    },
  };
}
export type Modules = ReturnType<typeof createModules>;
