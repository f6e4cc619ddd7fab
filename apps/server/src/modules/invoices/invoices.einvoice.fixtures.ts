import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InvoiceKind, InvoiceLine, InvoiceParty, InvoiceReport, VatTreatment } from '@portal/contract/invoices';
import { vatInGross } from '@portal/contract/invoices';
import { Decimal } from 'decimal.js';
import { totalsOf } from './invoices.mapper.ts';

/**
 * Documents as they are frozen at issue, built without a database, for the e-invoice tests: realistic parties
 * and lines priced gross (as the portal sells), with amounts that do not divide evenly.
 */

export const platformParty: InvoiceParty = {
  customer_id: 1,
  name: 'Prepaid Plattform',
  legal_name: 'Prepaid Plattform GmbH',
  address: 'Friedrichstraße 101, 10117 Berlin',
  email: 'rechnung@plattform.example',
  vat_id: 'DE123456789',
  tax_number: '30/123/45670',
  commercial_register: null,
  legal_form: 'gmbh',
  seat: 'Berlin',
  register_court: 'Amtsgericht Charlottenburg',
  register_type: 'HRB',
  register_number: '123456 B',
  managing_directors: 'Erika Mustermann, Max Mustermann',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  logo: null,
  contact_name: 'Erika Mustermann',
  phone: '+49 30 1234567',
};

export const resellerParty: InvoiceParty = {
  customer_id: 42,
  name: 'Kiosk-Großhandel Süd',
  legal_name: 'Kiosk-Großhandel Süd e.K.',
  address: 'Königstraße 7, 70173 Stuttgart',
  email: 'buchhaltung@kiosk-sued.example',
  vat_id: 'DE987654321',
  tax_number: '99/815/08151',
  commercial_register: null,
  managing_directors: null,
  iban: null,
  bic: null,
  logo: null,
  contact_name: 'Jürgen Öztürk',
  phone: '+49 711 998877',
};

export const shopParty: InvoiceParty = {
  customer_id: 4711,
  name: 'Späti am Eck',
  legal_name: 'Ayşe Yılmaz',
  address: 'Weserstraße 12a, 12047 Berlin',
  email: 'spaeti@example.org',
  vat_id: null,
  tax_number: '16/345/67890',
  commercial_register: null,
  managing_directors: null,
  iban: null,
  bic: null,
  logo: null,
  contact_name: null,
  phone: null,
};

export interface LineSpec {
  name: string;
  kind?: InvoiceLine['line_kind'];
  unitGross: string;
  quantity: number;
  treatment: VatTreatment;
  rate?: string;
  face?: string;
}

export function lineOf(s: LineSpec, i: number): InvoiceLine {
  // Only a taxed line has a rate; a fare passed through for the carrier carries none of the issuer's (0132).
  const rate = s.treatment === 'spv' ? new Decimal(s.rate ?? '19').toFixed(2) : '0.00';
  const gross = new Decimal(s.unitGross).times(s.quantity);
  const net = (v: Decimal.Value) => new Decimal(v).minus(vatInGross(v, rate));
  return {
    line_kind: s.kind ?? 'voucher',
    product_id: 100 + i,
    configuration_id: 1000 + i,
    product_name: s.name,
    face_value: new Decimal(s.face ?? s.unitGross).toFixed(2),
    quantity: s.quantity,
    unit_price_gross: new Decimal(s.unitGross).toFixed(2),
    unit_price_net: net(s.unitGross).toFixed(2),
    gross_amount: gross.toFixed(2),
    net_amount: net(gross).toFixed(2),
    vat_treatment: s.treatment,
    vat_rate: rate,
  };
}

export function reportFor(opts: {
  id?: number;
  kind?: InvoiceKind;
  invoiceNo: string;
  issuer?: InvoiceParty;
  recipient?: InvoiceParty;
  lines: LineSpec[];
  period?: { start: string; end: string };
  issuedAt?: string;
  preceding?: { no: string; date: string };
  reclamationId?: number;
}): InvoiceReport {
  const issuer = opts.issuer ?? resellerParty;
  const recipient = opts.recipient ?? shopParty;
  const lines = opts.lines.map(lineOf);
  // As at issue: the breakdown from the stored gross amounts (four places), the lines shown to the cent.
  const t = totalsOf(
    opts.lines.map((l, i) => ({
      gross_amount: new Decimal(l.unitGross).times(l.quantity).toFixed(4),
      vat_treatment: lines[i]!.vat_treatment, // `lines` maps `opts.lines` one to one
      vat_rate: lines[i]!.vat_rate,
    })),
  );
  return {
    id: opts.id ?? 1,
    kind: opts.kind ?? 'invoice',
    invoice_no: opts.invoiceNo,
    reclamation_id: opts.reclamationId ?? null,
    issuer_id: issuer.customer_id,
    issuer_name: issuer.name,
    recipient_id: recipient.customer_id,
    recipient_name: recipient.name,
    period_start: opts.period?.start ?? '2026-11-01',
    period_end: opts.period?.end ?? '2026-11-30',
    issued_at: opts.issuedAt ?? '2026-12-01T08:00:00.000Z',
    net_total: t.net.toFixed(2),
    vat_total: t.vat.toFixed(2),
    gross_total: t.gross.toFixed(2),
    issuer,
    recipient,
    lines,
    vat_breakdown: t.breakdown,
    preceding_invoice_no: opts.preceding?.no ?? null,
    preceding_invoice_date: opts.preceding?.date ?? null,
  };
}

/**
 * With EINVOICE_DUMP_DIR set, a test's documents are also written there, for scripts/validate-einvoices.mjs
 * (the official XSD, CEN and KoSIT rules, fetched outside the repository). Without it, nothing is written.
 */
export function dumpEinvoice(name: string, xml: string) {
  const dir = process.env.EINVOICE_DUMP_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.xml`), xml);
}
