import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import { type CustomerOnboardingService, createCustomerOnboardingService } from './customer-onboarding.service.ts';
import { createCustomersRepository } from './customers.repository.ts';
import { customersRoutes } from './customers.routes.ts';
import { createCustomersService } from './customers.service.ts';
import { createPasswordsService } from './passwords.service.ts';
import { createPlatformDetailsService } from './platform-details.service.ts';
import { registrationsRoutes } from './registrations.routes.ts';
import { createRegistrationsService } from './registrations.service.ts';
import { createTerminalsRepository } from './terminals.repository.ts';
import { terminalsRoutes } from './terminals.routes.ts';
import { createTerminalsService } from './terminals.service.ts';

/** Customers of an operator (resellers and shops), their registrations, their users' passwords and shops' terminals. */
export function createCustomersModule(deps: {
  db: Db;
  clock: Clock;
  /** A default slab change must not make anyone's margin negative (the assignments module judges it). */
  assertSlabMargins: (tx: Tx, actor: Actor, customerId: number) => Promise<void>;
  openWallet: (customerId: number, tx: Tx) => Promise<void>;
  resolveHost: (host: string) => Promise<{ organisationId: number; resellerId: number | null }>;
  createInvitation: (userId: number) => Promise<string>;
  outbox: Parameters<typeof createCustomerOnboardingService>[0]['outbox'];
}) {
  const { db, clock } = deps;
  const repo = createCustomersRepository(db);
  const onboarding: CustomerOnboardingService = createCustomerOnboardingService({
    db,
    repo,
    clock,
    openWallet: deps.openWallet,
    createInvitation: deps.createInvitation,
    outbox: deps.outbox,
  });
  const passwords = createPasswordsService({ db, repo, clock });
  const services = {
    onboarding,
    passwords,
    platformDetails: createPlatformDetailsService({ db, repo }),
    customers: createCustomersService({ db, repo, clock, onboarding, assertSlabMargins: deps.assertSlabMargins }),
    registrations: createRegistrationsService({ db, repo, clock, onboarding, resolveHost: deps.resolveHost }),
    terminals: createTerminalsService({ db, repo: createTerminalsRepository(db), clock }),
  };
  return {
    name: 'customers',
    services,
    register: async (app) => {
      await app.register(customersRoutes(services), { prefix: '/api' });
      await app.register(registrationsRoutes(services.registrations), { prefix: '/api' });
      await app.register(terminalsRoutes(services.terminals), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type CustomersModule = ReturnType<typeof createCustomersModule>;
