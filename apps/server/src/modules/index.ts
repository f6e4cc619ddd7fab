import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { Clock } from '../platform/clock.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { Keys } from '../platform/keys.ts';
import type { Metrics } from '../platform/metrics.ts';
import { createPinCrypto } from '../platform/pin-crypto.ts';
import { createPgStorage } from '../platform/storage.ts';
import { createThrottle } from '../platform/throttle.ts';
import type { MessageSender } from '../providers/messaging.ts';
import { createAssignmentsModule } from './assignments/assignments.module.ts';
import { createAuthRepository } from './auth/auth.repository.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createCreditModule } from './credit/credit.module.ts';
import { createCustomersModule } from './customers/customers.module.ts';
import { createInventoryModule } from './inventory/inventory.module.ts';
import { createOrganisationsRepository } from './organisations/organisations.repository.ts';
import { organisationsRoutes } from './organisations/organisations.routes.ts';
import { createOrganisationsService } from './organisations/organisations.service.ts';
import { createOutboxRepository } from './outbox/outbox.repository.ts';
import { createOutboxService, SWEEP_JOB } from './outbox/outbox.service.ts';
import { createProductsModule } from './products/products.module.ts';
import { createSellingModule } from './selling/selling.module.ts';
import { createStaffModule } from './staff/staff.module.ts';
import { createStockReportsModule } from './stock-reports/stock-reports.module.ts';
import { createSuppliersModule } from './suppliers/suppliers.module.ts';
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
  const assignmentsModule = createAssignmentsModule({ db, clock });
  const assignments = assignmentsModule.services;
  const customersModule = createCustomersModule({
    db,
    clock,
    assertSlabMargins: assignments.rules.assertDefaultSlabMargins,
    openWallet: credit.ledger.openWallet,
    resolveHost: organisations.resolveHost,
    createInvitation: auth.createInvitation,
    outbox,
  });
  const customers = customersModule.services;
  const staffModule = createStaffModule({
    db,
    clock,
    onboarding: customers.onboarding,
    passwords: customers.passwords,
  });
  const staff = staffModule.services.staff;
  const pinCrypto = createPinCrypto(deps.keys);
  const storage = createPgStorage(db, pinCrypto, clock);
  const productsModule = createProductsModule({ db, storage });
  const suppliersModule = createSuppliersModule({ db });
  const { products } = productsModule.services;
  const { suppliers } = suppliersModule.services;
  const inventoryModule = createInventoryModule({
    db,
    clock,
    jobs,
    pinCrypto,
    storage,
    products,
    suppliers,
    findPlansBrokenByCost: assignments.rules.findPlansBrokenByCost,
  });
  const stockReportsModule = createStockReportsModule({ db, products, suppliers });
  const catalogue = [productsModule, suppliersModule, inventoryModule, stockReportsModule];
  const sellingModule = createSellingModule({
    db,
    clock,
    jobs,
    metrics: deps.metrics,
    credit: credit.autoCredit,
    pinCrypto,
    storage,
  });
  const selling = sellingModule.services;
  const moduleJobs = [...creditModule.jobs, ...sellingModule.jobs, ...catalogue.flatMap((m) => m.jobs)];
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
      products,
      suppliers,
      ...inventoryModule.services,
      stockReports: stockReportsModule.services.stockReports,
      storage,
      pinCrypto,
    },
    /** Recurring jobs (cron, Europe/Berlin), scheduled once at start by main.ts. */
    schedules: [
      [SWEEP_JOB, '* * * * *'],
      ...moduleJobs.flatMap((j) => (j.schedule ? [[j.name, j.schedule] as const] : [])),
    ] as const,
    async register(app: FastifyInstance) {
      await app.register(organisationsRoutes(organisations), { prefix: '/api' });
      await app.register(authRoutes(auth, organisations), { prefix: '/api' });
      await app.register(usersRoutes(users), { prefix: '/api' });
      await creditModule.register(app);
      await customersModule.register(app);
      await staffModule.register(app);
      await assignmentsModule.register(app);
      await sellingModule.register(app);
      for (const m of catalogue) await m.register(app);
    },
  };
}
export type Modules = ReturnType<typeof createModules>;
