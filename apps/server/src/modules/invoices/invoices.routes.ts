import { envelopeOf } from '@portal/contract/envelope';
import {
  customersForInvoiceBody,
  customersForInvoicePage,
  EINVOICE_FORMATS,
  generateInvoicesBody,
  invoicePdfParams,
  invoicePdfQuery,
  invoiceReport,
  invoiceReportBody,
  invoiceRun,
  invoiceRunParams,
  invoicesPage,
  viewInvoicesBody,
  viewReclamationInvoicesBody,
} from '@portal/contract/invoices';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { InvoiceDocumentsService } from './invoice-documents.service.ts';
import { renderInvoicePdf } from './invoices.pdf.ts';
import type { InvoicesService } from './invoices.service.ts';

const tags = ['invoices'];

export function invoicesRoutes(s: {
  invoices: InvoicesService;
  invoiceDocuments: InvoiceDocumentsService;
}): FastifyPluginAsyncZod {
  const { invoices, invoiceDocuments } = s;
  return async (app) => {
    app.post(
      '/get_customers_for_invoice/',
      {
        schema: { body: customersForInvoiceBody, tags, response: { 200: envelopeOf(customersForInvoicePage) } },
        config: { rule: RULES.invoicesOperators },
      },
      async (req) => {
        const r = await invoices.findCustomersForInvoice(req.actor, req.body);
        return ok(page('customers', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/generate_invoices_with_customer_ids/',
      {
        schema: { body: generateInvoicesBody, tags, response: { 202: envelopeOf(invoiceRun) } },
        config: { rule: RULES.invoicesOperators },
      },
      async (req, reply) => {
        const run = await invoices.generateInvoices(req.actor, req.body);
        reply.status(202);
        return ok(run, 'Invoice run started');
      },
    );
    app.get(
      '/invoice_runs/:runId/',
      {
        schema: { params: invoiceRunParams, tags, response: { 200: envelopeOf(invoiceRun) } },
        config: { rule: RULES.invoicesOperators },
      },
      async (req) => ok(await invoices.getRun(req.actor, req.params.runId)),
    );
    app.post(
      '/view_invoices/',
      {
        schema: { body: viewInvoicesBody, tags, response: { 200: envelopeOf(invoicesPage) } },
        config: { rule: RULES.invoices },
      },
      async (req) => {
        const r = await invoices.findInvoices(req.actor, req.body);
        return ok(page('invoices', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/view_reclamation_invoices/',
      {
        schema: { body: viewReclamationInvoicesBody, tags, response: { 200: envelopeOf(invoicesPage) } },
        config: { rule: RULES.invoices },
      },
      async (req) => {
        const r = await invoices.findInvoices(req.actor, req.body, req.body.kind);
        return ok(page('invoices', r.items, r.total, r.page, { ...r.applied, kind: req.body.kind }));
      },
    );
    app.post(
      '/get_customers_for_reclamation_invoice/',
      {
        schema: { body: customersForInvoiceBody, tags, response: { 200: envelopeOf(customersForInvoicePage) } },
        config: { rule: RULES.invoicesOperators },
      },
      async (req) => {
        const r = await invoices.findCustomersForInvoice(req.actor, req.body, 'reclamation');
        return ok(page('customers', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/generate_reclamation_invoices_with_customer_ids/',
      {
        schema: { body: generateInvoicesBody, tags, response: { 202: envelopeOf(invoiceRun) } },
        config: { rule: RULES.invoicesOperators },
      },
      async (req, reply) => {
        const run = await invoices.generateInvoices(req.actor, req.body, 'reclamation');
        reply.status(202);
        return ok(run, 'Reclamation invoice run started');
      },
    );
    app.post(
      '/get_invoice_report/',
      {
        schema: { body: invoiceReportBody, tags, response: { 200: envelopeOf(invoiceReport) } },
        config: { rule: RULES.invoices },
      },
      async (req) =>
        ok(
          req.body.combined
            ? await invoices.getCombined(req.actor, req.body.invoice_id)
            : await invoices.getInvoice(req.actor, req.body.invoice_id),
        ),
    );
    app.get(
      '/invoices/:invoiceId/pdf/',
      {
        schema: { params: invoicePdfParams, querystring: invoicePdfQuery, tags },
        config: { rule: RULES.invoices, file: 'application/pdf' },
      },
      async (req, reply) => {
        const invoice = await invoices.getInvoice(req.actor, req.params.invoiceId);
        // The gross layout is the document as issued and mailed (its kept bytes); the net one is a view of it,
        // rendered per download and headed "Ansicht – keine Rechnung" (decision 0090: one original per number).
        const pdf =
          req.query.view === 'gross'
            ? (await invoiceDocuments.fileOf(invoice, 'pdf')).content
            : await renderInvoicePdf(invoice, req.query.view);
        const name = `${invoice.invoice_no}${req.query.view === 'net' ? '-nettoansicht' : ''}.pdf`;
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
    // E-invoices beside the PDF, for the same two parties (404 to anyone else).
    for (const format of EINVOICE_FORMATS) {
      app.get(
        `/invoices/:invoiceId/${format}/`,
        {
          schema: { params: invoicePdfParams, tags },
          config: { rule: RULES.invoices, file: format === 'xrechnung' ? 'application/xml' : 'application/pdf' },
        },
        async (req, reply) => {
          const file = await invoiceDocuments.getEinvoice(req.actor, req.params.invoiceId, format);
          return reply
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .header('cache-control', 'no-store')
            .send(file.content);
        },
      );
    }
  };
}
