import {
  autoCreditLedgerBody,
  creditEndpoints,
  creditFiles,
  ledgerExportBody,
  moneyListBody,
  searchCustomerBody,
} from '@portal/contract/credit';
import type { Language } from '@portal/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { sendExportFile } from '../../platform/export-file.ts';
import { routesOf } from '../../platform/routes.ts';
import type { AutoCreditService } from './auto-credit.service.ts';
import type { CreditTopupsService } from './credit-topups.service.ts';
import type { LedgerViewsService } from './ledger-views.service.ts';

const tags = ['credit'];

export function creditRoutes(s: {
  topups: CreditTopupsService;
  autoCredit: AutoCreditService;
  views: LedgerViewsService;
  /** The language a user reads the portal in: its files are written in it. */
  languageOfUser: (userId: number) => Promise<Language>;
}): FastifyPluginAsyncZod {
  const { topups, autoCredit, views } = s;
  return async (app) => {
    const route = routesOf(app, creditEndpoints, { tags });
    const download = routesOf(app, creditFiles, { tags });
    route('/dynamic_balance/', async (req) => ok(await views.getBalance(req.actor)));
    route('/add_customer_credit/', async (req) =>
      ok(await topups.addCredit(req.actor, req.body), req.body.type === 'credit' ? 'Credit added' : 'Payment recorded'),
    );
    route('/process_top_up_with_multi_customers/', async (req) =>
      ok(await topups.addCreditToMany(req.actor, req.body)),
    );
    route('/update_auto_credit/', async (req) =>
      ok(await autoCredit.updateAutoCredit(req.actor, req.body), 'Auto credit saved'),
    );
    // The settings form of `/customer/{customerId}/credit/auto` reads them here, under the screen's own rule.
    route('/view_auto_credit/', async (req) => ok(await autoCredit.getAutoCredit(req.actor, req.body.customer_id)));
    route('/view_auto_credit_ledger/', async (req) => {
      const r = await views.findAutoCreditLedger(req.actor, autoCreditLedgerBody.parse(req.body ?? {}));
      return ok(page('auto_credit_ledger', r.items, r.total, r.page, r.applied));
    });
    route('/view_credit_logs/', async (req) => {
      const r = await views.findCreditLogs(req.actor, moneyListBody.parse(req.body ?? {}));
      return ok(page('credit_logs', r.items, r.total, r.page, r.applied));
    });
    // The credit log's file: the list's own rule (has_credit) and filters, in the caller's language.
    download('/export_credit_logs/', async (req, reply) => {
      const q = ledgerExportBody.parse(req.body ?? {});
      const language = await s.languageOfUser(req.actor.userId);
      return sendExportFile(reply, await views.exportCreditLogs(req.actor, q, { format: q.format, language }));
    });
    route('/view_wallet_history/', async (req) => {
      const r = await views.findWalletHistory(req.actor, moneyListBody.parse(req.body ?? {}));
      return ok(page('wallet_history_transactions', r.items, r.total, r.page, r.applied));
    });
    download('/process_wallet_history/', async (req, reply) => {
      const q = ledgerExportBody.parse(req.body ?? {});
      const language = await s.languageOfUser(req.actor.userId);
      return sendExportFile(reply, await views.exportLines(req.actor, 'wallet', q, { format: q.format, language }));
    });
    download('/export_ledger/', async (req, reply) => {
      const q = ledgerExportBody.parse(req.body ?? {});
      const language = await s.languageOfUser(req.actor.userId);
      return sendExportFile(reply, await views.exportLines(req.actor, 'own', q, { format: q.format, language }));
    });
    download('/export_customer_ledger/', async (req, reply) => {
      const language = await s.languageOfUser(req.actor.userId);
      const q = req.body;
      return sendExportFile(reply, await views.exportLines(req.actor, 'customer', q, { format: q.format, language }));
    });
    route('/view_ledger/', async (req) => {
      const r = await views.findOwnLedger(req.actor, moneyListBody.parse(req.body ?? {}));
      return ok(page('ledger', r.items, r.total, r.page, r.applied));
    });
    route('/view_customer_ledger/', async (req) => {
      const r = await views.findCustomerLedger(req.actor, req.body);
      return ok(page('customer_ledger', r.items, r.total, r.page, r.applied));
    });
    route('/search_customer/', async (req) =>
      ok({ customers: await views.searchCustomers(req.actor, searchCustomerBody.parse(req.body ?? {})) }),
    );
  };
}
