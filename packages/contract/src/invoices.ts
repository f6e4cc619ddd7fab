import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { type EndpointSchemas, type FileSchemas, pageOf, pageQuery } from './envelope.ts';
import { LEGAL_FORMS, REGISTER_TYPES } from './legal-ids.ts';
import { RULES } from './rules.ts';

/**
 * Invoices: the platform invoices its resellers, a reseller its shops, once per Berlin calendar
 * month, for the recipient's purchases at the recipient's buying price. One invoice number, two views: net
 * and gross (the spec's "gross and net id"). Amounts are decimal strings in euro.
 */

const id = z.coerce.number().int().positive();
const money = z.string();

/** A Berlin calendar month, the invoice period (decision 0090). */
export const invoiceMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month: YYYY-MM');

/**
 * How a line is taxed: multi-purpose voucher (not taxable), single-purpose voucher or goods at a rate, or a bus fare
 * passed through in the carrier's name (not the issuer's supply, no VAT of the issuer's; decision 0132).
 */
export const VAT_TREATMENTS = ['mpv', 'spv', 'carrier'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/** What an invoice line bought: PINs from stock, a hardware order, or a provider sale such as a top-up. */
export const INVOICE_LINE_KINDS = ['voucher', 'hardware', 'topup'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const customersForInvoiceBody = pageQuery.extend({
  month: invoiceMonth,
  search: z.string().trim().max(100).optional(),
});
export type CustomersForInvoiceBody = z.infer<typeof customersForInvoiceBody>;

/**
 * Why a recipient's month is held (decision 0092): its e-invoice could not be built or broke a checked rule, so
 * nothing was issued; `code` is an error code (einvoice_party_incomplete with `params.field`, or
 * einvoice_rules_broken with `params.rules`). A later run issues the month once the data are fixed.
 */
export const invoiceHold = z.object({
  code: z.string(),
  params: z.record(z.string(), z.string()),
  held_at: z.string(),
});
export type InvoiceHold = z.infer<typeof invoiceHold>;

/** A customer the caller invoices, with its purchases of the month and the invoice if already issued. */
export const customerForInvoice = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  purchases_gross: money,
  sales_count: z.number().int(),
  invoice_id: z.number().int().nullable(),
  invoice_no: z.string().nullable(),
  /** Not issued because its e-invoice could not be made; null when not held. */
  held: invoiceHold.nullable(),
});
export type CustomerForInvoice = z.infer<typeof customerForInvoice>;
export const customersForInvoicePage = pageOf('customers', customerForInvoice);

export const generateInvoicesBody = z.object({
  customer_ids: z.array(id).min(1).max(1000),
  month: invoiceMonth,
});
export type GenerateInvoicesBody = z.infer<typeof generateInvoicesBody>;

export const INVOICE_RUN_STATUSES = ['pending', 'running', 'done', 'refused'] as const;
/** An invoice run's progress: recipients worked off, invoices that exist for them. */
export const invoiceRun = z.object({
  run_id: z.number().int(),
  status: z.enum(INVOICE_RUN_STATUSES),
  month: invoiceMonth,
  total: z.number().int(),
  done: z.number().int(),
  issued: z.number().int(),
  /** Recipients of the run whose month is held (see invoiceHold). */
  held: z.number().int(),
});
export type InvoiceRun = z.infer<typeof invoiceRun>;
export const invoiceRunParams = z.object({ runId: id });

/** 'issued': invoices the caller's customer wrote; 'received': invoices written to it. */
export const INVOICE_VIEWS = ['issued', 'received'] as const;
export type InvoiceView = (typeof INVOICE_VIEWS)[number];

export const viewInvoicesBody = pageQuery.extend({
  view: z.enum(INVOICE_VIEWS),
  customer_id: id.optional(),
  month: invoiceMonth.optional(),
});
export type ViewInvoicesBody = z.infer<typeof viewInvoicesBody>;

/** `/api/view_reclamation_invoices/`: reclamation invoices, or with `kind` credit_note the single credit notes. */
export const viewReclamationInvoicesBody = viewInvoicesBody.extend({
  kind: z.enum(['reclamation', 'credit_note']).default('reclamation'),
});
export type ViewReclamationInvoicesBody = z.infer<typeof viewReclamationInvoicesBody>;

/**
 * A document of the books: an invoice, a reclamation's credit note (Rechnungskorrektur), or a reclamation
 * invoice, the month's credit notes to one customer summed up (decision 0091).
 */
export const INVOICE_KINDS = ['invoice', 'credit_note', 'reclamation'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const invoiceSummary = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  invoice_no: z.string(),
  /** A credit note's reclamation. */
  reclamation_id: z.number().int().nullable(),
  issuer_id: z.number().int(),
  issuer_name: z.string(),
  recipient_id: z.number().int(),
  recipient_name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  issued_at: z.string(),
  net_total: money,
  vat_total: money,
  gross_total: money,
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;
export const invoicesPage = pageOf('invoices', invoiceSummary);

export const invoiceParty = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  legal_name: z.string().nullable(),
  address: z.string(),
  email: z.string().nullable(),
  vat_id: z.string().nullable(),
  tax_number: z.string().nullable(),
  /** The register entry as one text: documents issued before issue 35 split it (null on later ones). */
  commercial_register: z.string().nullable(),
  managing_directors: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  logo: z.string().nullable(),
  /** The register entry in parts (BT-33 court, BT-30 type and number), legal form, seat; since issue 35. */
  register_court: z.string().nullable().optional(),
  register_type: z.enum(REGISTER_TYPES).nullable().optional(),
  register_number: z.string().nullable().optional(),
  legal_form: z.enum(LEGAL_FORMS).nullable().optional(),
  seat: z.string().nullable().optional(),
  /** BT-29 candidates: a GLN (scheme 0088) and the Wirtschafts-Identifikationsnummer; since issue 35. */
  gln: z.string().nullable().optional(),
  economic_id: z.string().nullable().optional(),
  /** The issuer's header and footer images; absent on documents issued before they were frozen too. */
  header_image: z.string().nullable().optional(),
  footer_image: z.string().nullable().optional(),
  /** The contact an e-invoice names (BT-41..43); frozen since e-invoices, absent on older documents. */
  contact_name: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});
export type InvoiceParty = z.infer<typeof invoiceParty>;

export const invoiceLine = z.object({
  line_kind: z.enum(INVOICE_LINE_KINDS),
  product_id: z.number().int(),
  configuration_id: z.number().int(),
  product_name: z.string(),
  face_value: money,
  quantity: z.number().int(),
  unit_price_gross: money,
  unit_price_net: money,
  gross_amount: money,
  net_amount: money,
  vat_treatment: z.enum(VAT_TREATMENTS),
  vat_rate: money,
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** Per VAT treatment and rate: the gross sum, VAT extracted once from it (half-up), the net rest. */
export const vatBreakdownRow = z.object({
  vat_treatment: z.enum(VAT_TREATMENTS),
  vat_rate: money,
  gross: money,
  vat: money,
  net: money,
});
export type VatBreakdownRow = z.infer<typeof vatBreakdownRow>;

/** `combined` (a reclamation invoice only): its month's invoice netted with it. */
export const invoiceReportBody = z.object({ invoice_id: id, combined: z.coerce.boolean().optional() });
export const invoiceReport = invoiceSummary.extend({
  issuer: invoiceParty,
  recipient: invoiceParty,
  lines: z.array(invoiceLine),
  vat_breakdown: z.array(vatBreakdownRow),
  /** The combined view: the invoice netted (its number, null when the month had no purchases). */
  combined_invoice_no: z.string().nullable().optional(),
  /**
   * A credit note's invoice of the reclaimed sale's Berlin month from the same issuer to the same recipient,
   * if it was issued before the credit note (BT-25); null when none was.
   */
  preceding_invoice_no: z.string().nullable().optional(),
  preceding_invoice_date: z.string().nullable().optional(),
  /**
   * A correction of a late refund (decision 0096): the refund's journal entry; its invoice is the preceding one
   * (BT-25, BT-26), its period the day of the refund (§ 17 UStG).
   */
  refund_entry_id: z.number().int().nullable().optional(),
  /** A correction that reverses its invoice in full: titled "Stornorechnung" instead of "Rechnungskorrektur". */
  cancels_invoice: z.boolean().optional(),
  /** The monthly overview (`reclamation`): the corrections (RK) it lists, the tax documents it sums up. */
  listed_corrections: z
    .array(z.object({ invoice_no: z.string(), issued_at: z.string(), gross_total: money }))
    .optional(),
});
export type InvoiceReport = z.infer<typeof invoiceReport>;

export const invoicePdfParams = z.object({ invoiceId: id });
/** `gross` is the document as issued and mailed; `net` a view of it, marked as no invoice (decision 0090). */
export const invoicePdfQuery = z.object({ view: z.enum(['net', 'gross']).default('gross') });

/**
 * E-invoice downloads: XRechnung 3 (CII syntax) as XML, ZUGFeRD/Factur-X (profile EN 16931) as the PDF with
 * the same CII XML embedded.
 */
export const EINVOICE_FORMATS = ['xrechnung', 'zugferd'] as const;
export type EinvoiceFormat = (typeof EINVOICE_FORMATS)[number];

export const invoicesEndpoints = {
  '/get_customers_for_invoice/': {
    body: customersForInvoiceBody,
    data: customersForInvoicePage,
    rule: RULES.invoicesOperators,
  },
  '/generate_invoices_with_customer_ids/': {
    body: generateInvoicesBody,
    data: invoiceRun,
    rule: RULES.invoicesOperators,
    status: 202,
  },
  '/view_invoices/': { body: viewInvoicesBody, data: invoicesPage, rule: RULES.invoices },
  '/view_reclamation_invoices/': { body: viewReclamationInvoicesBody, data: invoicesPage, rule: RULES.invoices },
  '/get_customers_for_reclamation_invoice/': {
    body: customersForInvoiceBody,
    data: customersForInvoicePage,
    rule: RULES.invoicesOperators,
  },
  '/generate_reclamation_invoices_with_customer_ids/': {
    body: generateInvoicesBody,
    data: invoiceRun,
    rule: RULES.invoicesOperators,
    status: 202,
  },
  '/get_invoice_report/': { body: invoiceReportBody, data: invoiceReport, rule: RULES.invoices },
  '/invoice_runs/:runId/': { method: 'GET', params: invoiceRunParams, data: invoiceRun, rule: RULES.invoicesOperators },
} satisfies Record<string, EndpointSchemas>;

/**
 * VAT contained in a gross amount at `rate` percent, rounded half-up to the cent: gross × rate / (100 + rate).
 * Invoices apply it once per rate to the rate's gross sum, never per line, so the totals hold.
 */
export function vatInGross(gross: Decimal.Value, rate: Decimal.Value): Decimal {
  const r = new Decimal(rate);
  if (r.isZero()) return new Decimal(0);
  return new Decimal(gross).times(r).dividedBy(r.plus(100)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** An invoice's PDF, and its e-invoices beside it for the same two parties (404 to anyone else). */
export const invoicesFiles = {
  '/invoices/:invoiceId/pdf/': {
    method: 'GET',
    params: invoicePdfParams,
    query: invoicePdfQuery,
    file: 'application/pdf',
    rule: RULES.invoices,
  },
  '/invoices/:invoiceId/xrechnung/': {
    method: 'GET',
    params: invoicePdfParams,
    file: 'application/xml',
    rule: RULES.invoices,
  },
  '/invoices/:invoiceId/zugferd/': {
    method: 'GET',
    params: invoicePdfParams,
    file: 'application/pdf',
    rule: RULES.invoices,
  },
} satisfies Record<string, FileSchemas>;
