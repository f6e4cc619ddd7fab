import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { Clock } from '../platform/clock.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { Keys } from '../platform/keys.ts';
import { createThrottle } from '../platform/throttle.ts';
import type { MessageSender } from '../providers/messaging.ts';
import { createAssignmentsRepository } from './assignments/assignments.repository.ts';
import { assignmentsRoutes } from './assignments/assignments.routes.ts';
import { createAssignmentsService } from './assignments/assignments.service.ts';
import { createAuthRepository } from './auth/auth.repository.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createCreditRepository } from './credit/credit.repository.ts';
import { creditRoutes } from './credit/credit.routes.ts';
import { AUTO_CREDIT_SWEEP_JOB, createCreditService } from './credit/credit.service.ts';
import { createCustomersRepository } from './customers/customers.repository.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { createCustomersService } from './customers/customers.service.ts';
import { createCatalogueModule } from './inventory/inventory.module.ts';
import { createOrganisationsRepository } from './organisations/organisations.repository.ts';
import { organisationsRoutes } from './organisations/organisations.routes.ts';
import { createOrganisationsService } from './organisations/organisations.service.ts';
import { createOutboxRepository } from './outbox/outbox.repository.ts';
import { createOutboxService, SWEEP_JOB } from './outbox/outbox.service.ts';
import { createSellingRepository } from './selling/selling.repository.ts';
import { sellingRoutes } from './selling/selling.routes.ts';
import { createSellingService, DOWNLOAD_SWEEP_JOB } from './selling/selling.service.ts';
import { createTransactionKeysRepository } from './selling/transaction-keys.repository.ts';
import { createTransactionKeysService } from './selling/transaction-keys.service.ts';
import { createStaffRepository } from './staff/staff.repository.ts';
import { staffRoutes } from './staff/staff.routes.ts';
import { createStaffService } from './staff/staff.service.ts';
import { createUsersRepository } from './users/users.repository.ts';
import { usersRoutes } from './users/users.routes.ts';
import { createUsersService } from './users/users.service.ts';

const KEYS_CLEANUP_JOB = 'selling.keys.cleanup';

export interface ModuleDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  keys: Keys;
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
  const credit = createCreditService({ db, repo: createCreditRepository(db), jobs, clock });
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
    openWallet: credit.openWallet,
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
  const transactionKeys = createTransactionKeysService({ db, repo: createTransactionKeysRepository(db), clock });
  jobs.define(KEYS_CLEANUP_JOB, () => transactionKeys.deleteExpired(), { retryLimit: 0 });
  const catalogue = createCatalogueModule({
    db,
    clock,
    jobs,
    keys: deps.keys,
    findPlansBrokenByCost: assignments.findPlansBrokenByCost,
  });
  const selling = createSellingService({
    db,
    repo: createSellingRepository(db),
    keys: transactionKeys,
    credit,
    pinCrypto: catalogue.services.pinCrypto,
    storage: catalogue.services.storage,
    jobs,
    clock,
  });

  return {
    services: {
      outbox,
      auth,
      organisations,
      users,
      credit,
      transactionKeys,
      selling,
      customers,
      staff,
      assignments,
      ...catalogue.services,
    },
    /** Recurring jobs (cron, Europe/Berlin), scheduled once at start by main.ts. */
    schedules: [
      [SWEEP_JOB, '* * * * *'],
      [KEYS_CLEANUP_JOB, '15 3 * * *'],
      [AUTO_CREDIT_SWEEP_JOB, '* * * * *'],
      [DOWNLOAD_SWEEP_JOB, '* * * * *'],
      ...catalogue.schedules,
    ] as const,
    async register(app: FastifyInstance) {
      await app.register(organisationsRoutes(organisations), { prefix: '/api' });
      await app.register(authRoutes(auth, organisations), { prefix: '/api' });
      await app.register(usersRoutes(users), { prefix: '/api' });
      await app.register(creditRoutes(credit), { prefix: '/api' });
      await app.register(customersRoutes(customers), { prefix: '/api' });
      await app.register(staffRoutes(staff), { prefix: '/api' });
      await app.register(assignmentsRoutes(assignments), { prefix: '/api' });
      await app.register(sellingRoutes(transactionKeys, selling), { prefix: '/api' });
      await catalogue.register(app);
    },
  };
}
export type Modules = ReturnType<typeof createModules>;
