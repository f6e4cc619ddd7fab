import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { CustomerOnboardingService } from '../customers/customer-onboarding.service.ts';
import type { PasswordsService } from '../customers/passwords.service.ts';
import { createStaffRepository } from './staff.repository.ts';
import { staffRoutes } from './staff.routes.ts';
import { createStaffService } from './staff.service.ts';

/** The users of the actor's own customer: operator staff, a shop's sub-users and web_support users. */
export function createStaffModule(deps: {
  db: Db;
  clock: Clock;
  onboarding: Pick<CustomerOnboardingService, 'invite'>;
  passwords: Pick<PasswordsService, 'endUserSessions'>;
}) {
  const { db, clock, onboarding, passwords } = deps;
  const staff = createStaffService({
    db,
    repo: createStaffRepository(db),
    clock,
    invite: onboarding.invite,
    endSessions: passwords.endUserSessions,
  });
  const services = { staff };
  return {
    name: 'staff',
    services,
    register: async (app) => {
      await app.register(staffRoutes(staff), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
