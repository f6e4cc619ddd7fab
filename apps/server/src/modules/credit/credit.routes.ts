import {
  addCreditBody,
  autoCreditLedgerBody,
  autoCreditRow,
  autoCreditSettings,
  creditLogRow,
  customerLedgerBody,
  customerLedgerExportBody,
  customerSearchResult,
  dynamicBalance,
  ledgerExportBody,
  ledgerRow,
  moneyListBody,
  multiTopupBody,
  multiTopupResult,
  searchCustomerBody,
  updateAutoCreditBody,
  viewAutoCreditBody,
  walletResult,
} from '@portal/contract/credit';
import { envelopeOf, pageOf } from '@portal/contract/envelope';
import type { Language } from '@portal/contract/limits';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, page } from '../../platform/envelope.ts';
import { EXPORT_CONTENT_TYPES, sendExportFile } from '../../platform/export-file.ts';
import type { AutoCreditService } from './auto-credit.service.ts';
import type { CreditTopupsService } from './credit-topups.service.ts';
import type { LedgerViewsService } from './ledger-views.service.ts';

const tags = ['credit'];
const autoCreditAnswer = { 200: envelopeOf(autoCreditSettings) };
const pageAnswer = <K extends string, T extends z.ZodType>(key: K, row: T) => ({ 200: envelopeOf(pageOf(key, row)) });

export function creditRoutes(s: {
  topups: CreditTopupsService;
  autoCredit: AutoCreditService;
  views: LedgerViewsService;
  /** The language a user reads the portal in: its files are written in it. */
  languageOfUser: (userId: number) => Promise<Language>;
}): FastifyPluginAsyncZod {
  const { topups, autoCredit, views } = s;
  /** Every ledger screen's export: the list's own rule, its filters, a CSV or an XLSX in the caller's language. */
  const fileTypes = `text/csv, ${EXPORT_CONTENT_TYPES.xlsx}`;
  return async (app) => {
    app.get(
      '/dynamic_balance/',
      { schema: { tags, response: { 200: envelopeOf(dynamicBalance) } }, config: { rule: RULES.all } },
      async (req) => ok(await views.getBalance(req.actor)),
    );
    app.post(
      '/add_customer_credit/',
      {
        schema: { body: addCreditBody, tags, response: { 200: envelopeOf(walletResult) } },
        config: { rule: RULES.credit },
      },
      async (req) =>
        ok(
          await topups.addCredit(req.actor, req.body),
          req.body.type === 'credit' ? 'Credit added' : 'Payment recorded',
        ),
    );
    app.post(
      '/process_top_up_with_multi_customers/',
      {
        schema: { body: multiTopupBody, tags, response: { 200: envelopeOf(multiTopupResult) } },
        config: { rule: RULES.credit },
      },
      async (req) => ok(await topups.addCreditToMany(req.actor, req.body)),
    );
    app.post(
      '/update_auto_credit/',
      { schema: { body: updateAutoCreditBody, tags, response: autoCreditAnswer }, config: { rule: RULES.credit } },
      async (req) => ok(await autoCredit.updateAutoCredit(req.actor, req.body), 'Auto credit saved'),
    );
    // The settings form of `/customer/{customerId}/credit/auto` reads them here, under the screen's own rule.
    app.post(
      '/view_auto_credit/',
      { schema: { body: viewAutoCreditBody, tags, response: autoCreditAnswer }, config: { rule: RULES.credit } },
      async (req) => ok(await autoCredit.getAutoCredit(req.actor, req.body.customer_id)),
    );
    app.post(
      '/view_auto_credit_ledger/',
      {
        schema: {
          body: autoCreditLedgerBody.optional(),
          tags,
          response: pageAnswer('auto_credit_ledger', autoCreditRow),
        },
        config: { rule: RULES.credit },
      },
      async (req) => {
        const r = await views.findAutoCreditLedger(req.actor, autoCreditLedgerBody.parse(req.body ?? {}));
        return ok(page('auto_credit_ledger', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/view_credit_logs/',
      {
        schema: { body: moneyListBody.optional(), tags, response: pageAnswer('credit_logs', creditLogRow) },
        config: { rule: RULES.credit },
      },
      async (req) => {
        const r = await views.findCreditLogs(req.actor, moneyListBody.parse(req.body ?? {}));
        return ok(page('credit_logs', r.items, r.total, r.page, r.applied));
      },
    );
    // The credit log's file: the list's own rule (has_credit) and filters, in the caller's language.
    app.post(
      '/export_credit_logs/',
      { schema: { body: ledgerExportBody.optional(), tags }, config: { rule: RULES.credit, file: fileTypes } },
      async (req, reply) => {
        const q = ledgerExportBody.parse(req.body ?? {});
        const language = await s.languageOfUser(req.actor.userId);
        return sendExportFile(reply, await views.exportCreditLogs(req.actor, q, { format: q.format, language }));
      },
    );
    app.post(
      '/view_wallet_history/',
      {
        schema: {
          body: moneyListBody.optional(),
          tags,
          response: pageAnswer('wallet_history_transactions', ledgerRow),
        },
        config: { rule: RULES.balances },
      },
      async (req) => {
        const r = await views.findWalletHistory(req.actor, moneyListBody.parse(req.body ?? {}));
        return ok(page('wallet_history_transactions', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/process_wallet_history/',
      { schema: { body: ledgerExportBody.optional(), tags }, config: { rule: RULES.balances, file: fileTypes } },
      async (req, reply) => {
        const q = ledgerExportBody.parse(req.body ?? {});
        const language = await s.languageOfUser(req.actor.userId);
        return sendExportFile(reply, await views.exportLines(req.actor, 'wallet', q, { format: q.format, language }));
      },
    );
    app.post(
      '/export_ledger/',
      { schema: { body: ledgerExportBody.optional(), tags }, config: { rule: RULES.ownLedger, file: fileTypes } },
      async (req, reply) => {
        const q = ledgerExportBody.parse(req.body ?? {});
        const language = await s.languageOfUser(req.actor.userId);
        return sendExportFile(reply, await views.exportLines(req.actor, 'own', q, { format: q.format, language }));
      },
    );
    app.post(
      '/export_customer_ledger/',
      { schema: { body: customerLedgerExportBody, tags }, config: { rule: RULES.balances, file: fileTypes } },
      async (req, reply) => {
        const language = await s.languageOfUser(req.actor.userId);
        const q = req.body;
        return sendExportFile(reply, await views.exportLines(req.actor, 'customer', q, { format: q.format, language }));
      },
    );
    app.post(
      '/view_ledger/',
      {
        schema: { body: moneyListBody.optional(), tags, response: pageAnswer('ledger', ledgerRow) },
        config: { rule: RULES.ownLedger },
      },
      async (req) => {
        const r = await views.findOwnLedger(req.actor, moneyListBody.parse(req.body ?? {}));
        return ok(page('ledger', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/view_customer_ledger/',
      {
        schema: { body: customerLedgerBody, tags, response: pageAnswer('customer_ledger', ledgerRow) },
        config: { rule: RULES.balances },
      },
      async (req) => {
        const r = await views.findCustomerLedger(req.actor, req.body);
        return ok(page('customer_ledger', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/search_customer/',
      {
        schema: {
          body: searchCustomerBody.optional(),
          tags,
          response: { 200: envelopeOf(customerSearchResult) },
        },
        config: { rule: RULES.balances },
      },
      async (req) =>
        ok({ customers: await views.searchCustomers(req.actor, searchCustomerBody.parse(req.body ?? {})) }),
    );
  };
}
