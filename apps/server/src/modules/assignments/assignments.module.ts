import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createAssignmentRulesService } from './assignment-rules.service.ts';
import { createAssignmentsRepository } from './assignments.repository.ts';
import { assignmentsRoutes } from './assignments.routes.ts';
import { createAssignmentsService } from './assignments.service.ts';
import { createDiscountSlabsRepository } from './discount-slabs.repository.ts';
import { createDiscountSlabsService } from './discount-slabs.service.ts';
import { createPadService } from './pad.service.ts';

/** What customers may sell and at which discount: discount slabs, PAD and the assigned catalogue. */
export function createAssignmentsModule(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const repo = createAssignmentsRepository(db);
  const slabsRepo = createDiscountSlabsRepository(db);
  const rules = createAssignmentRulesService({ db, repo });
  const services = {
    rules,
    slabs: createDiscountSlabsService({ db, repo: slabsRepo, assignmentsRepo: repo, rules, clock }),
    pad: createPadService({ db, repo, slabs: slabsRepo, rules, clock }),
    assignments: createAssignmentsService({ repo }),
  };
  return {
    name: 'assignments',
    services,
    register: async (app) => {
      await app.register(assignmentsRoutes(services), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type AssignmentsModule = ReturnType<typeof createAssignmentsModule>;
