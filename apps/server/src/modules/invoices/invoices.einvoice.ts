import { FormatFactoryService, type Invoice, invoiceSchema } from '@e-invoice-eu/core';
import { formatDate } from '@portal/contract/format';
import type { InvoiceLine, InvoiceParty, InvoiceReport } from '@portal/contract/invoices';
import { vatInGross } from '@portal/contract/invoices';
import { berlinToday } from '@portal/contract/report-periods';
import { Ajv2019, type ValidateFunction } from 'ajv/dist/2019.js';
import { Decimal } from 'decimal.js';
import { AppError } from '../../platform/errors.ts';
import { MPV_NOTE } from './invoices.pdf.ts';

/**
 * E-invoices (decision 0092) from the frozen document through @e-invoice-eu/core, never hand-written XML:
 * XRechnung 3 in the CII syntax, and ZUGFeRD/Factur-X EN 16931 (the same CII embedded in our PDF).
 */

const m2 = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/** Type codes: 380 invoice; 381 for credit notes and for reclamation invoices (see decision 0092). */
export const TYPE_CODE: Record<InvoiceReport['kind'], '380' | '381'> = {
  invoice: '380',
  credit_note: '381',
  reclamation: '381',
};

/** Why no VAT is charged on a multi-purpose voucher (BT-120): the transfer is outside the scope of VAT. */
export const MPV_EXEMPTION =
  'Nicht steuerbar: Mehrzweck-Gutschein (§ 3 Abs. 15 UStG); Umsatzsteuer entsteht bei Einlösung.';

/** The seller's contact (BT-41..43) where the frozen party predates it: read from the issuer today. */
export type ContactFallback = { contact_name: string | null; phone: string | null; email: string | null };

type Category = { id: 'S' | 'E' | 'O'; percent?: string };

/**
 * EN 16931 allows category O (outside the scope of VAT) only on an invoice with nothing else on it (BR-O-11..14).
 * An all-voucher invoice is O; mixed with single-purpose vouchers they become E with the same reason text.
 */
function categoryOf(line: Pick<InvoiceLine, 'vat_treatment' | 'vat_rate'>, allMpv: boolean): Category {
  if (line.vat_treatment === 'spv') return { id: 'S', percent: new Decimal(line.vat_rate).toString() };
  return allMpv ? { id: 'O' } : { id: 'E', percent: '0' };
}

/**
 * Line net amounts that add up exactly to each rate's net (BR-CO-10, BR-S-08): each line's VAT share from its
 * gross, the remaining cent(s) of the rate's once-rounded VAT on the rate's largest line.
 */
export function lineNetsOf(report: Pick<InvoiceReport, 'lines' | 'vat_breakdown'>): Decimal[] {
  const nets = report.lines.map((l) => new Decimal(l.gross_amount).minus(vatInGross(l.gross_amount, l.vat_rate)));
  for (const b of report.vat_breakdown) {
    const idx = report.lines
      .map((l, i) => ({ l, i }))
      .filter(({ l }) => l.vat_treatment === b.vat_treatment && new Decimal(l.vat_rate).eq(b.vat_rate));
    if (idx.length === 0) continue;
    const sum = idx.reduce((s, { i }) => s.plus(nets[i]), new Decimal(0));
    const largest = idx.reduce((a, c) =>
      new Decimal(c.l.gross_amount).abs().gt(new Decimal(a.l.gross_amount).abs()) ? c : a,
    );
    nets[largest.i] = nets[largest.i].plus(new Decimal(b.net).minus(sum));
  }
  return nets;
}

/** "Friedrichstraße 101, 10117 Berlin" as frozen by partyOf, back into its parts; Germany, the portal's country. */
export function addressOf(p: InvoiceParty, who: 'seller' | 'buyer') {
  const m = /^(.+),\s*(\d{4,5})\s+(.+)$/.exec(p.address.trim());
  if (!m) throw incomplete(`${who}_address`);
  return {
    'cbc:StreetName': m[1].trim(),
    'cbc:CityName': m[3].trim(),
    'cbc:PostalZone': m[2],
    'cac:Country': { 'cbc:IdentificationCode': 'DE' as const },
  };
}

const incomplete = (field: string) =>
  new AppError('einvoice_party_incomplete', `The e-invoice needs the ${field.replace('_', ' ')}`, {
    params: { field },
  });

const eur = (v: Decimal.Value) => m2(v);

/** The document in e-invoice-eu's internal (UBL-shaped) format; the library writes CII from it. */
export function einvoiceOf(report: InvoiceReport, fallback: ContactFallback): Invoice {
  const { issuer, recipient } = report;
  const allMpv = report.lines.every((l) => l.vat_treatment === 'mpv');
  const anyMpv = report.lines.some((l) => l.vat_treatment === 'mpv');
  const sellerEmail = issuer.email ?? fallback.email;
  const phone = issuer.phone ?? fallback.phone;
  if (!sellerEmail) throw incomplete('seller_email');
  if (!phone) throw incomplete('seller_phone');
  if (!recipient.email) throw incomplete('buyer_email');
  // BR-O-02: an O invoice names neither party's VAT id; the seller is then identified by its Steuernummer.
  const sellerTax = [
    ...(issuer.vat_id && !allMpv ? [{ 'cbc:CompanyID': issuer.vat_id, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
    ...(issuer.tax_number ? [{ 'cbc:CompanyID': issuer.tax_number, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
  ];
  if (sellerTax.length === 0) throw incomplete(allMpv ? 'seller_tax_number' : 'seller_tax_id');
  const nets = lineNetsOf(report);
  const notes = [
    ...(anyMpv ? [MPV_NOTE] : []),
    ...(report.kind === 'reclamation'
      ? [
          'Sammelaufstellung der im Zeitraum ausgestellten Rechnungskorrekturen; sie ändert keinen Betrag ein zweites Mal.',
        ]
      : []),
    ...(report.kind === 'credit_note'
      ? [
          report.preceding_invoice_no
            ? `Rechnungskorrektur zur Rechnung ${report.preceding_invoice_no} (Reklamation Nr. ${report.reclamation_id}).`
            : `Rechnungskorrektur zur Reklamation Nr. ${report.reclamation_id}; die Rechnung für den Monat der Lieferung vom ${formatDate(report.period_start)} ist noch nicht ausgestellt.`,
        ]
      : []),
  ];
  const tax = report.vat_breakdown.map((b) => {
    const cat = categoryOf(b, allMpv);
    return {
      'cbc:TaxableAmount': eur(b.net),
      'cbc:TaxableAmount@currencyID': 'EUR' as const,
      'cbc:TaxAmount': eur(b.vat),
      'cbc:TaxAmount@currencyID': 'EUR' as const,
      'cac:TaxCategory': {
        'cbc:ID': cat.id,
        ...(cat.percent !== undefined ? { 'cbc:Percent': cat.percent } : {}),
        ...(cat.id === 'O' ? { 'cbc:TaxExemptionReasonCode': 'VATEX-EU-O' } : {}),
        ...(cat.id === 'S' ? {} : { 'cbc:TaxExemptionReason': MPV_EXEMPTION }),
        'cac:TaxScheme': { 'cbc:ID': 'VAT' as const },
      },
    };
  });
  const bank = report.kind === 'invoice' && issuer.iban;
  return {
    'ubl:Invoice': {
      'cbc:ID': report.invoice_no,
      'cbc:IssueDate': berlinToday(new Date(report.issued_at)),
      'cbc:InvoiceTypeCode': TYPE_CODE[report.kind],
      ...(notes.length > 0 ? { 'cbc:Note': notes } : {}),
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': String(recipient.customer_id),
      'cac:InvoicePeriod': { 'cbc:StartDate': report.period_start, 'cbc:EndDate': report.period_end },
      ...(report.preceding_invoice_no
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': report.preceding_invoice_no,
                  ...(report.preceding_invoice_date ? { 'cbc:IssueDate': report.preceding_invoice_date } : {}),
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': sellerEmail,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PartyName': { 'cbc:Name': issuer.name },
          'cac:PostalAddress': addressOf(issuer, 'seller'),
          'cac:PartyTaxScheme': sellerTax,
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': issuer.legal_name || issuer.name,
            ...(issuer.commercial_register ? { 'cbc:CompanyID': issuer.commercial_register } : {}),
            ...(issuer.managing_directors
              ? { 'cbc:CompanyLegalForm': `Geschäftsführung: ${issuer.managing_directors}` }
              : {}),
          },
          'cac:Contact': {
            'cbc:Name': issuer.contact_name ?? fallback.contact_name ?? issuer.name,
            'cbc:Telephone': phone,
            'cbc:ElectronicMail': sellerEmail,
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': recipient.email,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PartyIdentification': { 'cbc:ID': String(recipient.customer_id) },
          'cac:PartyName': { 'cbc:Name': recipient.name },
          'cac:PostalAddress': addressOf(recipient, 'buyer'),
          ...(recipient.vat_id && !allMpv
            ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': recipient.vat_id, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': recipient.legal_name || recipient.name },
        },
      },
      // Prepaid: every purchase was charged to the balance and every refund credited to it, so nothing is due.
      'cac:PaymentMeans': [
        bank
          ? {
              'cbc:PaymentMeansCode': '58',
              'cac:PayeeFinancialAccount': {
                'cbc:ID': bank,
                'cbc:Name': issuer.legal_name || issuer.name,
                ...(issuer.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': issuer.bic } } : {}),
              },
            }
          : { 'cbc:PaymentMeansCode': '97', 'cbc:PaymentMeansCode@name': 'Verrechnung mit dem Guthabenkonto' },
      ],
      'cac:PaymentTerms': {
        'cbc:Note':
          report.kind === 'invoice'
            ? 'Bereits beglichen: jeder Kauf wurde bei Kauf vom Guthaben abgebucht.'
            : 'Bereits erstattet: der Betrag wurde dem Guthaben gutgeschrieben.',
      },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': eur(report.vat_total),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': tax,
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': eur(report.net_total),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': eur(report.net_total),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': eur(report.gross_total),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        'cbc:PrepaidAmount': eur(report.gross_total),
        'cbc:PrepaidAmount@currencyID': 'EUR',
        'cbc:PayableAmount': '0.00',
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': report.lines.map((l, i) => {
        const cat = categoryOf(l, allMpv);
        return {
          'cbc:ID': String(i + 1),
          'cbc:InvoicedQuantity': String(l.quantity),
          'cbc:InvoicedQuantity@unitCode': 'C62',
          'cbc:LineExtensionAmount': eur(nets[i]),
          'cbc:LineExtensionAmount@currencyID': 'EUR',
          'cac:Item': {
            // A PIN's name needs its denomination; hardware and top-up names already say what they are.
            'cbc:Name': l.line_kind === 'voucher' ? `${l.product_name} ${m2(l.face_value)} EUR` : l.product_name,
            'cac:SellersItemIdentification': {
              'cbc:ID': l.line_kind === 'voucher' ? String(l.configuration_id) : `${l.line_kind}-${l.product_id}`,
            },
            'cac:ClassifiedTaxCategory': {
              'cbc:ID': cat.id,
              ...(cat.percent !== undefined ? { 'cbc:Percent': cat.percent } : {}),
              'cac:TaxScheme': { 'cbc:ID': 'VAT' },
            },
          },
          // The net unit price to four places; the line amount above is the exact one (BR-CO-10).
          'cac:Price': {
            'cbc:PriceAmount': nets[i].dividedBy(l.quantity).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toString(),
            'cbc:PriceAmount@currencyID': 'EUR',
          },
        };
      }),
    },
  } as Invoice;
}

/** Library warnings (e.g. about the PDF it is handed) go to nowhere: the rule checks are the tests' business. */
const silent = { log() {}, warn() {}, error() {} };
const factory = new FormatFactoryService();
const validators = new Map<string, ValidateFunction>();

/**
 * InvoiceService.generate of @e-invoice-eu/core 2.3.4, step by step (validate against the format's schema, fill
 * the format's defaults, render), for one reason: its CII mapping reads BG-3 from cac:BillingReference/cbc:ID
 * while its schema only admits cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID, so BT-25 never reached
 * the CII (upstream issue 455). The invoice is validated in the schema's shape and rendered in the mapping's.
 */
async function generate(invoice: Invoice, format: string, pdf?: Buffer): Promise<string | Uint8Array> {
  const formatter = factory.createFormatService(format, silent);
  let validate = validators.get(format);
  if (!validate) {
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    validators.set(format, validate);
  }
  const data = structuredClone(invoice);
  if (!validate(data)) throw new Error(`e-invoice data invalid: ${JSON.stringify(validate.errors)}`);
  formatter.fillInvoiceDefaults(data);
  const refs = data['ubl:Invoice']['cac:BillingReference'];
  if (refs) {
    (data['ubl:Invoice'] as Record<string, unknown>)['cac:BillingReference'] = refs.map(
      (r) => r['cac:InvoiceDocumentReference'],
    );
  }
  return formatter.generate(data, {
    format: factory.normalizeFormat(format),
    lang: 'de-de',
    ...(pdf ? { pdf: { buffer: pdf, filename: 'invoice.pdf', mimetype: 'application/pdf' } } : {}),
  });
}

/** XRechnung 3.0 in the CII syntax. */
export async function renderXRechnung(report: InvoiceReport, fallback: ContactFallback): Promise<string> {
  const xml = await generate(einvoiceOf(report, fallback), 'XRECHNUNG-CII');
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/** ZUGFeRD/Factur-X EN 16931: our A4 PDF, made PDF/A-3 by the library, with `factur-x.xml` embedded. */
export async function renderZugferd(report: InvoiceReport, pdf: Buffer, fallback: ContactFallback): Promise<Buffer> {
  return Buffer.from((await generate(einvoiceOf(report, fallback), 'Factur-X-EN16931', pdf)) as Uint8Array);
}
