import { FormatFactoryService, type Invoice, invoiceSchema } from '@e-invoice-eu/core';
import { formatDate } from '@portal/contract/format';
import type { InvoiceLine, InvoiceParty, InvoiceReport } from '@portal/contract/invoices';
import { vatInGross } from '@portal/contract/invoices';
import { berlinToday } from '@portal/contract/report-periods';
import { Ajv2019, type ValidateFunction } from 'ajv/dist/2019.js';
import { Decimal } from 'decimal.js';
import { CARRIER_NOTE, MPV_NOTE, titleOf } from './invoice-titles.ts';
import { checkIssuerLegalData, incomplete, legalInfoOf, sellerIdsOf } from './invoices.party-ids.ts';

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

/** Why no VAT is charged on a bus fare sold in the carrier's name (decision 0132): not the issuer's supply. */
export const CARRIER_EXEMPTION =
  'Nicht steuerbar beim Aussteller: Fahrpreis im Namen und für Rechnung des Beförderers (durchlaufender Posten).';

/** The seller's contact (BT-41..43) where the frozen party predates it: read from the issuer today. */
export type ContactFallback = { contact_name: string | null; phone: string | null; email: string | null };

type Category = { id: 'S' | 'E' | 'O'; percent?: string };

/**
 * EN 16931 allows category O (outside the scope of VAT) only on an invoice with nothing else on it (BR-O-11..14).
 * An all-voucher invoice is O; mixed with single-purpose vouchers they become E with the same reason text.
 */
function categoryOf(line: Pick<InvoiceLine, 'vat_treatment' | 'vat_rate'>, allMpv: boolean): Category {
  // A fare passed through for the carrier is outside the issuer's supplies, as a multi-purpose voucher is.
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
    const sum = idx.reduce((s, { i }) => s.plus(nets[i]!), new Decimal(0)); // one net per line
    const largest = idx.reduce((a, c) =>
      new Decimal(c.l.gross_amount).abs().gt(new Decimal(a.l.gross_amount).abs()) ? c : a,
    );
    nets[largest.i] = nets[largest.i]!.plus(new Decimal(b.net).minus(sum));
  }
  return nets;
}

/**
 * The net unit price (BT-146) with the fewest places (at least two) for which round(quantity × price, 2) gives
 * the line net back exactly: the line net is exact, the unit price of a line priced gross is not (2 × 14.25 €
 * gross at 19 % is 23.95 € net, 11.975 € each). Six places always suffice up to quantity 1 500 (1 500 × half a
 * millionth is below half a cent); more are taken for larger quantities.
 */
export function unitPriceOf(lineNet: Decimal.Value, quantity: number): string {
  const net = new Decimal(lineNet);
  const exact = net.dividedBy(quantity);
  for (let places = 2; places < 20; places++) {
    const price = exact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    if (price.times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).eq(net.toDecimalPlaces(2))) {
      return price.toFixed(places);
    }
  }
  throw new Error(`no unit price for ${net.toString()} / ${quantity}`);
}

/** "Friedrichstraße 101, 10117 Berlin" as frozen by partyOf, back into its parts; Germany, the portal's country. */
export function addressOf(p: InvoiceParty, who: 'seller' | 'buyer') {
  const m = /^(.+),\s*(\d{4,5})\s+(.+)$/.exec(p.address.trim());
  if (!m) throw incomplete(`${who}_address`);
  return {
    'cbc:StreetName': m[1]!.trim(), // the expression's three groups are not optional
    'cbc:CityName': m[3]!.trim(),
    'cbc:PostalZone': m[2]!,
    'cac:Country': { 'cbc:IdentificationCode': 'DE' as const },
  };
}

const eur = (v: Decimal.Value) => m2(v);

/** The document in e-invoice-eu's internal (UBL-shaped) format; the library writes CII from it. */
export function einvoiceOf(report: InvoiceReport, fallback: ContactFallback): Invoice {
  const { issuer, recipient } = report;
  // Not taxable here: multi-purpose vouchers and fares passed through for the carrier (both category O).
  const allMpv = report.lines.every((l) => l.vat_treatment !== 'spv');
  const anyMpv = report.lines.some((l) => l.vat_treatment === 'mpv');
  const anyCarrier = report.lines.some((l) => l.vat_treatment === 'carrier');
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
  checkIssuerLegalData(issuer);
  const sellerIds = sellerIdsOf(issuer);
  const register = sellerIds.register;
  const legalInfo = legalInfoOf(issuer, register);
  const nets = lineNetsOf(report);
  const notes = [
    ...(anyMpv ? [MPV_NOTE] : []),
    ...(anyCarrier ? [CARRIER_NOTE] : []),
    ...(report.kind === 'reclamation'
      ? [
          'Sammelaufstellung der im Zeitraum ausgestellten Rechnungskorrekturen; sie ändert keinen Betrag ein zweites Mal.',
        ]
      : []),
    ...(report.kind === 'credit_note'
      ? [
          // The title in a note of its own (BT-22): type 381 is read as "credit note" by many importers.
          titleOf(report),
          report.refund_entry_id
            ? `${titleOf(report)} zur Rechnung ${report.preceding_invoice_no}: Erstattung vom ${formatDate(report.period_start)} nach Ausstellung der Rechnung (§ 17 UStG).`
            : report.preceding_invoice_no
              ? `Rechnungskorrektur zur Rechnung ${report.preceding_invoice_no} (Reklamation Nr. ${report.reclamation_id}).`
              : `Rechnungskorrektur zur Reklamation Nr. ${report.reclamation_id}; die Rechnung für den Monat der Lieferung vom ${formatDate(report.period_start)} ist noch nicht ausgestellt.`,
        ]
      : []),
  ];
  // One breakdown per category and rate (BR-CO-17 ff.): the not-taxable rows (vouchers, fares) are one O or E row.
  const notTaxed = report.vat_breakdown.filter((b) => b.vat_treatment !== 'spv');
  const breakdown = [
    ...report.vat_breakdown.filter((b) => b.vat_treatment === 'spv'),
    ...(notTaxed.length === 0
      ? []
      : [
          {
            vat_treatment: notTaxed[0]!.vat_treatment,
            vat_rate: '0.00',
            net: notTaxed.reduce((s, b) => s.plus(b.net), new Decimal(0)).toFixed(2),
            vat: '0.00',
            gross: notTaxed.reduce((s, b) => s.plus(b.gross), new Decimal(0)).toFixed(2),
          },
        ]),
  ];
  const exemption = [
    ...(notTaxed.some((b) => b.vat_treatment === 'mpv') ? [MPV_EXEMPTION] : []),
    ...(notTaxed.some((b) => b.vat_treatment === 'carrier') ? [CARRIER_EXEMPTION] : []),
  ].join(' ');
  const tax = breakdown.map((b) => {
    const cat = categoryOf(b, allMpv);
    return {
      'cbc:TaxableAmount': eur(b.net),
      'cbc:TaxableAmount@currencyID': 'EUR' as const,
      'cbc:TaxAmount': eur(b.vat),
      'cbc:TaxAmount@currencyID': 'EUR' as const,
      'cac:TaxCategory': {
        'cbc:ID': cat.id,
        // BT-119: KoSIT BR-DE-14 wants a rate in every breakdown, 0 on O (its lines carry none, BR-O-05).
        'cbc:Percent': cat.percent ?? '0',
        ...(cat.id === 'O' ? { 'cbc:TaxExemptionReasonCode': 'VATEX-EU-O' } : {}),
        ...(cat.id === 'S' ? {} : { 'cbc:TaxExemptionReason': exemption }),
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
          // BR-CO-26: the register entry (BT-30) where there is one; BT-29: a GLN (scheme 0088), the W-IdNr., and
          // the portal account number where nothing else identifies the seller (invoices.party-ids.ts).
          ...(sellerIds.gln || sellerIds.ids.length > 0
            ? {
                'cac:PartyIdentification': [
                  ...sellerIds.ids.map((id) => ({ 'cbc:ID': id })),
                  ...(sellerIds.gln ? [{ 'cbc:ID': sellerIds.gln, 'cbc:ID@schemeID': '0088' }] : []),
                ],
              }
            : {}),
          'cac:PartyName': { 'cbc:Name': issuer.name },
          'cac:PostalAddress': addressOf(issuer, 'seller'),
          'cac:PartyTaxScheme': sellerTax,
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': issuer.legal_name || issuer.name,
            ...(register ? { 'cbc:CompanyID': register.entry } : {}),
            ...(legalInfo ? { 'cbc:CompanyLegalForm': legalInfo } : {}),
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
          'cbc:LineExtensionAmount': eur(nets[i]!), // lineNetsOf answers one net per line
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
          // The net unit price with as many places as quantity × price needs to round to the line net (R120).
          'cac:Price': {
            'cbc:PriceAmount': unitPriceOf(nets[i]!, l.quantity),
            'cbc:PriceAmount@currencyID': 'EUR',
          },
        };
      }),
    },
  } as Invoice;
}

/**
 * @e-invoice-eu/core 2.3.4 types BT-146 (item net price) as its two-place Amount; EN 16931 sets no such limit
 * on a unit price, and a line priced gross needs more (see unitPriceOf). The schema our own validation step
 * compiles gets a unit-price type for that one term (decision 0092; goes when a release types BT-146 so).
 */
export const UNIT_PRICE_PATTERN = '^(0|[1-9][0-9]*)(\\.[0-9]{1,19})?$';
function widenUnitPrice(schema: typeof invoiceSchema) {
  // biome-ignore lint/suspicious/noExplicitAny: the generated JSON schema is typed as a whole, not by path
  const line = (schema as any).properties['ubl:Invoice'].properties['cac:InvoiceLine'].items;
  line.properties['cac:Price'].properties['cbc:PriceAmount'] = {
    type: 'string',
    pattern: UNIT_PRICE_PATTERN,
    title: 'Item net price',
    description: 'BT-146, a unit price: as many places as it takes (decision 0092).',
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the library's CII object tree (element name → text | node | list)
type CiiTree = Record<string, any>;

/**
 * What the library writes wrong in CII, corrected in its own post-processing step on the element tree, before
 * it renders the XML (so the fix reaches the standalone XRechnung and the XML inside the ZUGFeRD PDF alike):
 * - `ram:ApplicableHeaderTradeDelivery` is mandatory in the CII XSD (it may be empty); the library writes it
 *   only from a `cac:Delivery`, which the portal has no use for.
 * - one `ram:IncludedNote` per note (BT-22): the library puts every text into one note (CII-SR-030).
 * - BT-26 is `qdt:DateTimeString` with format 102 (`20261128`, CII-DT-097 and the XSD); the library writes
 *   the ISO date into a `udt:DateTimeString`.
 * - BT-29: the mapping reads `cac:PartyIdentification/cbc:ID` of the seller as one object while the schema
 *   admits only a list, so a seller identifier never reaches the CII; written here as `ram:ID`, the first
 *   child of `ram:SellerTradeParty`.
 * Each is checked by name in invoices.einvoice.test.ts, which fails once a release changes what it writes.
 */
export function correctCii(cii: CiiTree, invoice: Invoice) {
  const root = cii['rsm:CrossIndustryInvoice'];
  const doc = root?.['rsm:ExchangedDocument'];
  const notes = doc?.['ram:IncludedNote'];
  if (notes && !Array.isArray(notes)) {
    const content = notes['ram:Content'];
    doc['ram:IncludedNote'] = (Array.isArray(content) ? content : [content]).map((c: string) => ({
      'ram:Content': c,
    }));
  }
  const tx = root?.['rsm:SupplyChainTradeTransaction'];
  if (!tx) return;
  const settlement = tx['ram:ApplicableHeaderTradeSettlement'];
  const refs = settlement?.['ram:InvoiceReferencedDocument'];
  for (const ref of refs ? (Array.isArray(refs) ? refs : [refs]) : []) {
    const date = ref['ram:FormattedIssueDateTime'];
    const iso = date?.['udt:DateTimeString'];
    if (typeof iso === 'string') {
      ref['ram:FormattedIssueDateTime'] = {
        'qdt:DateTimeString': iso.replaceAll('-', ''),
        'qdt:DateTimeString@format': '102',
      };
    }
  }
  const seller = tx['ram:ApplicableHeaderTradeAgreement']?.['ram:SellerTradeParty'];
  const partyIds = (
    invoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PartyIdentification'] ?? []
  ).filter((p) => typeof p['cbc:ID'] === 'string' && p['cbc:ID'] !== '');
  const scheme = (p: (typeof partyIds)[number]) => p['cbc:ID@schemeID'];
  const sellerIds = partyIds.filter((p) => !scheme(p)).map((p) => p['cbc:ID']);
  const globalIds = partyIds.filter((p) => scheme(p));
  if (seller && !seller['ram:ID'] && !seller['ram:GlobalID'] && partyIds.length > 0) {
    // The XSD's order: ram:ID (BT-29 without a scheme), then ram:GlobalID (with its scheme), then the rest.
    tx['ram:ApplicableHeaderTradeAgreement']['ram:SellerTradeParty'] = {
      ...(sellerIds.length > 0 ? { 'ram:ID': sellerIds } : {}),
      ...(globalIds.length > 0
        ? { 'ram:GlobalID': globalIds[0]!['cbc:ID'], 'ram:GlobalID@schemeID': String(scheme(globalIds[0]!)) }
        : {}),
      ...seller,
    };
  }
  // The XSD's order: lines, agreement, delivery, settlement (the tree's key order is the document's).
  const ordered: CiiTree = {};
  for (const key of ['ram:IncludedSupplyChainTradeLineItem', 'ram:ApplicableHeaderTradeAgreement']) {
    if (key in tx) ordered[key] = tx[key];
  }
  ordered['ram:ApplicableHeaderTradeDelivery'] = tx['ram:ApplicableHeaderTradeDelivery'] ?? {};
  for (const [key, value] of Object.entries(tx)) if (!(key in ordered)) ordered[key] = value;
  root['rsm:SupplyChainTradeTransaction'] = ordered;
}

/** Library warnings (e.g. about the PDF it is handed) go to nowhere: the rule checks are the tests' business. */
const silent = { log() {}, warn() {}, error() {} };
const factory = new FormatFactoryService();
const validators = new Map<string, ValidateFunction>();

/**
 * InvoiceService.generate of @e-invoice-eu/core 2.3.4, step by step (validate against the format's schema, fill
 * the format's defaults, render), for one reason: its CII mapping reads BG-3 from cac:BillingReference/cbc:ID
 * while its schema only admits cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID, so BT-25 never reached
 * the CII (upstream issue 455). The invoice is validated in the schema's shape and rendered in the mapping's;
 * BT-33 likewise. The schema is widened for BT-146 (widenUnitPrice), the CII tree corrected (correctCii).
 */
async function generate(invoice: Invoice, format: string, pdf?: Buffer): Promise<string | Uint8Array> {
  const formatter = factory.createFormatService(format, silent);
  let validate = validators.get(format);
  if (!validate) {
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    widenUnitPrice(schema);
    validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    validators.set(format, validate);
  }
  const data = structuredClone(invoice);
  if (!validate(data)) throw new Error(`e-invoice data invalid: ${JSON.stringify(validate.errors)}`);
  // `postProcess` is the library's last step on the CII tree before rendering (private in its typings).
  const hooked = formatter as unknown as { postProcess(cii: CiiTree): void };
  const libraryStep = hooked.postProcess.bind(formatter);
  hooked.postProcess = (cii) => {
    libraryStep(cii);
    correctCii(cii, data);
  };
  formatter.fillInvoiceDefaults(data);
  // The same mismatch for BT-33: the schema admits cbc:CompanyLegalForm, the CII mapping reads cbc:LegalForm.
  for (const party of [data['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']]) {
    const legal = party['cac:PartyLegalEntity'] as unknown as Record<string, unknown>;
    if (legal['cbc:CompanyLegalForm']) legal['cbc:LegalForm'] = legal['cbc:CompanyLegalForm'];
  }
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
