import { bankingEndpoints, bankingUploads } from '@portal/contract/banking';
import { LIMITS } from '@portal/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import { uploadedFile } from '../../platform/storage.ts';
import type { BankBookingService } from './bank-booking.service.ts';
import type { BankStatementsService } from './bank-statements.service.ts';

const tags = ['banking'];

export function bankingRoutes(s: {
  statements: BankStatementsService;
  booking: BankBookingService;
}): FastifyPluginAsyncZod {
  const { statements, booking } = s;
  return async (app) => {
    const upload = routesOf(app, bankingUploads, { tags });
    const route = routesOf(app, bankingEndpoints, { tags });
    upload('/bank_module_step_1/', async (req) =>
      ok(await statements.uploadStatement(req.actor, uploadedFile(req.body.file)), 'Statement read'),
    );
    route('/bank_module_step_2/', async (req) => ok(await statements.mapPayers(req.actor, req.body), 'Payers mapped'));
    route('/update_bank_record/', async (req) =>
      ok(await statements.updateRecord(req.actor, req.body), 'Bank record updated'),
    );
    route('/celery_process_top_up_with_multi_customers/', async (req, reply) => {
      const started = await booking.startBooking(req.actor, req.body.import_id, req.body.confirm_sequence_gap);
      reply.status(202);
      return ok(started, 'Booking started');
    });
    route('/get_bank_records/', async (req) => {
      const q = { ...req.query, limit: req.query.limit ?? LIMITS.pageSize };
      const r = await statements.findRecords(req.actor, q);
      const applied = { import_id: q.import_id, status: q.status, deleted: q.deleted, search: q.search };
      return ok({ ...page('bank_records', r.items, r.total, q, applied), import: r.import });
    });
    route('/get_bank_name_mapped_customers/', async (req) => {
      const q = { ...req.query, limit: req.query.limit ?? LIMITS.pageSize };
      const r = await statements.findMappings(req.actor, q);
      return ok(page('mapped_customers', r.items, r.total, q, { search: q.search }));
    });
    route('/update_delete_bank_name_mapped_customer/', async (req) =>
      ok(await statements.deleteMapping(req.actor, req.query.id), 'Mapping deleted'),
    );
  };
}
