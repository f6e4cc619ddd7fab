import {
  bankImport,
  bankNameMappingRow,
  bankRecord,
  bankRecordsPage,
  bankRecordsQuery,
  bankStepOneBody,
  bankStepOneResult,
  bankStepTwoBody,
  bankStepTwoResult,
  bookBankImportBody,
  deleteMappingQuery,
  mappedCustomersQuery,
  mappingDeleted,
  updateBankRecordBody,
} from '@portal/contract/banking';
import { envelopeOf, pageOf } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { uploadedFile } from '../../platform/storage.ts';
import type { BankBookingService } from './bank-booking.service.ts';
import type { BankStatementsService } from './bank-statements.service.ts';

const tags = ['banking'];
const rule = RULES.banking;

export function bankingRoutes(s: {
  statements: BankStatementsService;
  booking: BankBookingService;
}): FastifyPluginAsyncZod {
  const { statements, booking } = s;
  return async (app) => {
    app.post(
      '/bank_module_step_1/',
      {
        schema: { body: bankStepOneBody, tags, response: { 200: envelopeOf(bankStepOneResult) } },
        config: { rule },
      },
      async (req) => ok(await statements.uploadStatement(req.actor, uploadedFile(req.body.file)), 'Statement read'),
    );
    app.post(
      '/bank_module_step_2/',
      { schema: { body: bankStepTwoBody, tags, response: { 200: envelopeOf(bankStepTwoResult) } }, config: { rule } },
      async (req) => ok(await statements.mapPayers(req.actor, req.body), 'Payers mapped'),
    );
    app.post(
      '/update_bank_record/',
      { schema: { body: updateBankRecordBody, tags, response: { 200: envelopeOf(bankRecord) } }, config: { rule } },
      async (req) => ok(await statements.updateRecord(req.actor, req.body), 'Bank record updated'),
    );
    app.post(
      '/celery_process_top_up_with_multi_customers/',
      { schema: { body: bookBankImportBody, tags, response: { 202: envelopeOf(bankImport) } }, config: { rule } },
      async (req, reply) => {
        const started = await booking.startBooking(req.actor, req.body.import_id, req.body.confirm_sequence_gap);
        reply.status(202);
        return ok(started, 'Booking started');
      },
    );
    app.get(
      '/get_bank_records/',
      {
        schema: { querystring: bankRecordsQuery, tags, response: { 200: envelopeOf(bankRecordsPage) } },
        config: { rule },
      },
      async (req) => {
        const q = { ...req.query, limit: req.query.limit ?? LIMITS.pageSize };
        const r = await statements.findRecords(req.actor, q);
        const applied = { import_id: q.import_id, status: q.status, deleted: q.deleted, search: q.search };
        return ok({ ...page('bank_records', r.items, r.total, q, applied), import: r.import });
      },
    );
    app.get(
      '/get_bank_name_mapped_customers/',
      {
        schema: {
          querystring: mappedCustomersQuery,
          tags,
          response: { 200: envelopeOf(pageOf('mapped_customers', bankNameMappingRow)) },
        },
        config: { rule },
      },
      async (req) => {
        const q = { ...req.query, limit: req.query.limit ?? LIMITS.pageSize };
        const r = await statements.findMappings(req.actor, q);
        return ok(page('mapped_customers', r.items, r.total, q, { search: q.search }));
      },
    );
    app.delete(
      '/update_delete_bank_name_mapped_customer/',
      {
        schema: { querystring: deleteMappingQuery, tags, response: { 200: envelopeOf(mappingDeleted) } },
        config: { rule },
      },
      async (req) => ok(await statements.deleteMapping(req.actor, req.query.id), 'Mapping deleted'),
    );
  };
}
