import {
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceReport,
  type InvoiceSummary,
  invoiceLine,
  invoiceParty,
  invoiceReport,
  type VatBreakdownRow,
  vatBreakdownRow,
  vatInGross,
} from '@portal/contract/invoices';
import { Decimal } from 'decimal.js';
import type { invoiceLines, invoices } from '../../db/schema/invoices.ts';
import type { InvoiceSummaryRecord, PartyRecord, PurchaseLineRecord } from './invoices.repository.ts';

export const m2 = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/** The issuer's or recipient's data as the invoice freezes it at issue. */
export function partyOf(p: PartyRecord): InvoiceParty {
  const a = p.address;
  return {
    customer_id: p.id,
    name: p.name,
    legal_name: p.legal_name,
    address: a ? `${a.address} ${a.house_no}, ${a.postal} ${a.city}`.trim() : '',
    // The customer's own address, else its main user's: where the invoice is mailed (decision 0092).
    email: p.email ?? p.contact_email,
    vat_id: p.vat_id,
    tax_number: p.tax_number,
    // Since issue 35 the register entry is frozen in its parts; the one-text field stays for older documents.
    commercial_register: null,
    register_court: p.register_court,
    register_type: p.register_type,
    register_number: p.register_number,
    legal_form: p.legal_form,
    seat: p.seat,
    gln: p.gln,
    economic_id: p.economic_id,
    managing_directors: p.managing_directors,
    iban: p.iban,
    bic: p.bic,
    logo: p.invoice_logo,
    header_image: p.invoice_header_image,
    footer_image: p.invoice_footer_image,
    contact_name: p.contact_name,
    phone: p.phone,
  };
}

/** VAT once per treatment and rate from that rate's gross sum, and the invoice's totals. */
export function totalsOf(lines: Pick<PurchaseLineRecord, 'gross_amount' | 'vat_treatment' | 'vat_rate'>[]) {
  const groups = new Map<string, { treatment: PurchaseLineRecord['vat_treatment']; rate: Decimal; gross: Decimal }>();
  for (const l of lines) {
    const rate = new Decimal(l.vat_rate);
    const key = `${l.vat_treatment}:${rate.toFixed(2)}`;
    const g = groups.get(key) ?? { treatment: l.vat_treatment, rate, gross: new Decimal(0) };
    g.gross = g.gross.plus(l.gross_amount);
    groups.set(key, g);
  }
  const breakdown: VatBreakdownRow[] = [...groups.values()]
    .sort((a, b) => a.treatment.localeCompare(b.treatment) || a.rate.comparedTo(b.rate))
    .map((g) => {
      const vat = vatInGross(g.gross, g.rate);
      return {
        vat_treatment: g.treatment,
        vat_rate: m2(g.rate),
        gross: m2(g.gross),
        vat: m2(vat),
        net: m2(g.gross.minus(vat)),
      };
    });
  const sum = (k: 'gross' | 'vat' | 'net') => breakdown.reduce((s, b) => s.plus(b[k]), new Decimal(0));
  return { breakdown, gross: sum('gross'), vat: sum('vat'), net: sum('net') };
}

export function summaryOf(r: InvoiceSummaryRecord): InvoiceSummary {
  return {
    id: r.id,
    kind: r.kind,
    invoice_no: r.invoice_no,
    reclamation_id: r.reclamation_id === null ? null : Number(r.reclamation_id),
    issuer_id: r.issuer_customer_id,
    issuer_name: r.issuer_name,
    recipient_id: r.recipient_customer_id,
    recipient_name: r.recipient_name,
    period_start: r.period_start,
    period_end: r.period_end,
    issued_at: new Date(r.issued_at).toISOString(),
    net_total: m2(r.net_total),
    vat_total: m2(r.vat_total),
    gross_total: m2(r.gross_total),
  };
}

/** A line in both views: net figures take the line's share of VAT, for reading only (totals come per rate). */
function lineOf(l: typeof invoiceLines.$inferSelect): InvoiceLine {
  const net = (v: string) => new Decimal(v).minus(vatInGross(v, l.vatRate));
  return {
    line_kind: invoiceLine.shape.line_kind.parse(l.lineKind),
    product_id: l.productId,
    configuration_id: l.configurationId,
    product_name: l.productName,
    face_value: m2(l.faceValue),
    quantity: l.quantity,
    unit_price_gross: m2(l.unitPrice),
    unit_price_net: m2(net(l.unitPrice)),
    gross_amount: m2(l.grossAmount),
    net_amount: m2(net(l.grossAmount)),
    vat_treatment: invoiceLine.shape.vat_treatment.parse(l.vatTreatment),
    vat_rate: m2(l.vatRate),
  };
}

export function reportOf(
  i: typeof invoices.$inferSelect & { lines: (typeof invoiceLines.$inferSelect)[] },
): InvoiceReport {
  // The parties and the breakdown are JSON frozen at issue: read back through their schemas, not trusted.
  const issuer = invoiceParty.parse(i.issuer);
  const recipient = invoiceParty.parse(i.recipient);
  return {
    id: i.id,
    kind: invoiceReport.shape.kind.parse(i.kind),
    invoice_no: i.invoiceNo,
    reclamation_id: i.reclamationId,
    issuer_id: i.issuerCustomerId,
    issuer_name: issuer.name,
    recipient_id: i.recipientCustomerId,
    recipient_name: recipient.name,
    period_start: i.periodStart,
    period_end: i.periodEnd,
    issued_at: i.issuedAt.toISOString(),
    net_total: m2(i.netTotal),
    vat_total: m2(i.vatTotal),
    gross_total: m2(i.grossTotal),
    issuer,
    recipient,
    lines: i.lines.map(lineOf),
    vat_breakdown: vatBreakdownRow.array().parse(i.vatBreakdown),
    refund_entry_id: i.refundEntryId,
    cancels_invoice: i.cancelsInvoice,
  };
}

/**
 * An invoice netted with its month's reclamation invoice: the invoice's lines, then the credited lines with
 * negative quantities and amounts; VAT again once per rate from the netted gross sums.
 */
export function combinedOf(reclamation: InvoiceReport, invoice: InvoiceReport | undefined): InvoiceReport {
  const negate = (v: string) => new Decimal(v).negated().toFixed(2);
  const credited = reclamation.lines.map((l) => ({
    ...l,
    quantity: -l.quantity,
    gross_amount: negate(l.gross_amount),
    net_amount: negate(l.net_amount),
  }));
  const lines = [...(invoice?.lines ?? []), ...credited];
  const totals = totalsOf(
    lines.map((l) => ({ gross_amount: l.gross_amount, vat_treatment: l.vat_treatment, vat_rate: l.vat_rate })),
  );
  return {
    ...reclamation,
    lines,
    vat_breakdown: totals.breakdown,
    net_total: m2(totals.net),
    vat_total: m2(totals.vat),
    gross_total: m2(totals.gross),
    combined_invoice_no: invoice?.invoice_no ?? null,
  };
}

/** A document row's parties, frozen as they stand at issue, and its totals summed from its lines. */
export function documentColumnsOf(
  issuer: PartyRecord,
  recipient: PartyRecord,
  lines: PurchaseLineRecord[],
): Pick<
  typeof invoices.$inferInsert,
  'issuer' | 'recipient' | 'netTotal' | 'vatTotal' | 'grossTotal' | 'vatBreakdown'
> {
  const totals = totalsOf(lines);
  return {
    issuer: partyOf(issuer),
    recipient: partyOf(recipient),
    netTotal: totals.net.toFixed(4),
    vatTotal: totals.vat.toFixed(4),
    grossTotal: totals.gross.toFixed(4),
    vatBreakdown: totals.breakdown,
  };
}

/** A purchase or credit-note line as the invoice's books store it. */
export function lineRowOf(l: PurchaseLineRecord): Omit<typeof invoiceLines.$inferInsert, 'invoiceId'> {
  return {
    lineKind: l.line_kind,
    productId: l.product_id,
    configurationId: l.configuration_id,
    productName: l.product_name,
    faceValue: l.face_value,
    unitPrice: l.unit_price,
    quantity: l.quantity,
    grossAmount: l.gross_amount,
    vatTreatment: l.vat_treatment,
    vatRate: l.vat_rate,
  };
}
