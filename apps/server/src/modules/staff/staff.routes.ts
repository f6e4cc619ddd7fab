import { envelopeOf, pageOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import {
  addStaffBody,
  assignHistoryRow,
  staffAccount,
  staffAssignBody,
  staffAssignHistoryBody,
  staffAssignResult,
  staffPage,
  updateStaffBody,
  viewStaffBody,
} from '@portal/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { StaffService } from './staff.service.ts';

const tags = ['staff'];

export function staffRoutes(staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/view_internal_permission/',
      {
        schema: { body: viewStaffBody.optional(), tags, response: { 200: envelopeOf(staffPage) } },
        config: { rule: RULES.staffUsers },
      },
      async (req) => {
        const r = await staff.findStaff(req.actor, viewStaffBody.parse(req.body ?? {}));
        return ok({
          ...page('staff_accounts', r.items, r.total, r.page, r.applied),
          // The user forms offer only flags the customer holds (contract `userFlagsFor`).
          customer_features: r.customerFeatures,
          ...(r.assigned ? { assigned_customers: r.assigned } : {}),
        });
      },
    );
    app.post(
      '/add_internal_permission/',
      {
        schema: { body: addStaffBody, tags, response: { 200: envelopeOf(staffAccount) } },
        config: { rule: RULES.staffUsers },
      },
      async (req) => ok(await staff.addStaff(req.actor, req.body, req.hostname), 'User added'),
    );
    app.post(
      '/update_internal_permission/',
      {
        schema: { body: updateStaffBody, tags, response: { 200: envelopeOf(staffAccount) } },
        config: { rule: RULES.staffUsers },
      },
      async (req) => ok(await staff.updateStaff(req.actor, req.body), 'User saved'),
    );
    app.post(
      '/staff_assign/',
      {
        schema: { body: staffAssignBody, tags, response: { 200: envelopeOf(staffAssignResult) } },
        config: { rule: RULES.users },
      },
      async (req) => ok(await staff.assignCustomers(req.actor, req.body), 'Assignments saved'),
    );
    app.post(
      '/staff_assign_history/',
      {
        schema: {
          body: staffAssignHistoryBody.optional(),
          tags,
          response: { 200: envelopeOf(pageOf('assign_history', assignHistoryRow)) },
        },
        config: { rule: RULES.users },
      },
      async (req) => {
        const r = await staff.findAssignHistory(req.actor, staffAssignHistoryBody.parse(req.body ?? {}));
        return ok(page('assign_history', r.items, r.total, r.page, r.applied));
      },
    );
  };
}
