import { staffAssignHistoryBody, staffEndpoints, viewStaffBody } from '@portal/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { StaffService } from './staff.service.ts';

const tags = ['staff'];

export function staffRoutes(staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, staffEndpoints, { tags });
    route('/view_internal_permission/', async (req) => {
      const r = await staff.findStaff(req.actor, viewStaffBody.parse(req.body ?? {}));
      return ok({
        ...page('staff_accounts', r.items, r.total, r.page, r.applied),
        // The user forms offer only flags the customer holds (contract `userFlagsFor`).
        customer_features: r.customerFeatures,
        ...(r.assigned ? { assigned_customers: r.assigned } : {}),
      });
    });
    route('/add_internal_permission/', async (req) =>
      ok(await staff.addStaff(req.actor, req.body, req.hostname), 'User added'),
    );
    route('/update_internal_permission/', async (req) =>
      ok(await staff.updateStaff(req.actor, req.body), 'User saved'),
    );
    route('/staff_assign/', async (req) => ok(await staff.assignCustomers(req.actor, req.body), 'Assignments saved'));
    route('/staff_assign_history/', async (req) => {
      const r = await staff.findAssignHistory(req.actor, staffAssignHistoryBody.parse(req.body ?? {}));
      return ok(page('assign_history', r.items, r.total, r.page, r.applied));
    });
  };
}
