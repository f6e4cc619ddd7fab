import { EINVOICE_FORMATS, invoicesEndpoints, invoicesFiles } from '@portal/contract/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
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
    const route = routesOf(app, invoicesEndpoints, { tags });
    const download = routesOf(app, invoicesFiles, { tags });
    route('/get_customers_for_invoice/', async (req) => {
      const r = await invoices.findCustomersForInvoice(req.actor, req.body);
      return ok(page('customers', r.items, r.total, r.page, r.applied));
    });
    route('/generate_invoices_with_customer_ids/', async (req, reply) => {
      const run = await invoices.generateInvoices(req.actor, req.body);
      reply.status(202);
      return ok(run, 'Invoice run started');
    });
    route('/invoice_runs/:runId/', async (req) => ok(await invoices.getRun(req.actor, req.params.runId)));
    route('/view_invoices/', async (req) => {
      const r = await invoices.findInvoices(req.actor, req.body);
      return ok(page('invoices', r.items, r.total, r.page, r.applied));
    });
    route('/view_reclamation_invoices/', async (req) => {
      const r = await invoices.findInvoices(req.actor, req.body, req.body.kind);
      return ok(page('invoices', r.items, r.total, r.page, { ...r.applied, kind: req.body.kind }));
    });
    route('/get_customers_for_reclamation_invoice/', async (req) => {
      const r = await invoices.findCustomersForInvoice(req.actor, req.body, 'reclamation');
      return ok(page('customers', r.items, r.total, r.page, r.applied));
    });
    route('/generate_reclamation_invoices_with_customer_ids/', async (req, reply) => {
      const run = await invoices.generateInvoices(req.actor, req.body, 'reclamation');
      reply.status(202);
      return ok(run, 'Reclamation invoice run started');
    });
    route('/get_invoice_report/', async (req) =>
      ok(
        req.body.combined
          ? await invoices.getCombined(req.actor, req.body.invoice_id)
          : await invoices.getInvoice(req.actor, req.body.invoice_id),
      ),
    );
    download('/invoices/:invoiceId/pdf/', async (req, reply) => {
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
    });
    // E-invoices beside the PDF, for the same two parties (404 to anyone else).
    for (const format of EINVOICE_FORMATS) {
      download(`/invoices/:invoiceId/${format}/`, async (req, reply) => {
        const file = await invoiceDocuments.getEinvoice(req.actor, req.params.invoiceId, format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.content);
      });
    }
  };
}
