import { Decimal } from 'decimal.js';
import { type CiiInvoice, type CiiLine, dec } from './invoices.cii-read.ts';

/**
 * EN 16931 business rules (and the XRechnung 3 CIUS rules BR-DE-…) as small checks over a read-back CII
 * invoice: no registry package ships the CEN/KoSIT Schematron (decision 0092). One check per rule, named by
 * its id; each returns true when the invoice satisfies the rule. The wording follows EN 16931-1 annex / the
 * XRechnung specification; rules on allowances and charges apply to documents that carry them.
 */
type Rule = (i: CiiInvoice) => boolean;

const present = (v: string | undefined) => v !== undefined && v.trim() !== '';
const sum = (vs: (string | undefined)[]) => vs.reduce((s, v) => s.plus(dec(v)), new Decimal(0));
const eq = (a: Decimal, b: Decimal) => a.toDecimalPlaces(2).eq(b.toDecimalPlaces(2));
const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const linesOf = (i: CiiInvoice, cat: string) => i.lines.filter((l) => l.category === cat);
const acOf = (i: CiiInvoice, cat: string, charge: boolean) =>
  i.allowancesCharges.filter((a) => a.category === cat && a.charge === charge);
const breakdownOf = (i: CiiInvoice, cat: string) => i.breakdown.filter((b) => b.category === cat);
const uses = (i: CiiInvoice, cat: string) =>
  linesOf(i, cat).length > 0 || i.allowancesCharges.some((a) => a.category === cat);
const sameRate = (a: string | undefined, b: string | undefined) => dec(a).eq(dec(b));
const sellerIdentified = (i: CiiInvoice) =>
  present(i.seller.vatId) || present(i.seller.taxRegistrationId) || present(i.taxRepresentativeVatId);

/** BR-x-08 for category `cat` (per rate where the category has one): taxable amount = lines + charges − allowances. */
const taxableMatches = (i: CiiInvoice, cat: string, perRate: boolean) =>
  breakdownOf(i, cat).every((b) => {
    const match = (x: { rate?: string }) => !perRate || sameRate(x.rate, b.rate);
    const lines = sum(
      linesOf(i, cat)
        .filter(match)
        .map((l: CiiLine) => l.net),
    );
    const charges = sum(
      acOf(i, cat, true)
        .filter(match)
        .map((a) => a.amount),
    );
    const allowances = sum(
      acOf(i, cat, false)
        .filter(match)
        .map((a) => a.amount),
    );
    return eq(dec(b.basis), lines.plus(charges).minus(allowances));
  });

/** XRechnung 3.0 (BR-DE-17): the type codes a German public buyer accepts. */
const XRECHNUNG_TYPE_CODES = new Set(['326', '380', '384', '389', '381', '875', '876', '877']);

export const EN16931_RULES: Record<string, Rule> = {
  'BR-01': (i) => present(i.specificationId),
  'BR-02': (i) => present(i.number),
  'BR-03': (i) => present(i.issueDate),
  'BR-04': (i) => present(i.typeCode),
  'BR-05': (i) => present(i.currency),
  'BR-06': (i) => present(i.seller.name),
  'BR-07': (i) => present(i.buyer.name),
  'BR-08': (i) => i.seller.address !== undefined,
  'BR-09': (i) => present(i.seller.address?.country),
  'BR-10': (i) => i.buyer.address !== undefined,
  'BR-11': (i) => present(i.buyer.address?.country),
  'BR-12': (i) => present(i.totals.lineTotal),
  'BR-13': (i) => present(i.totals.taxBasisTotal),
  'BR-14': (i) => present(i.totals.grandTotal),
  'BR-15': (i) => present(i.totals.duePayable),
  'BR-16': (i) => i.lines.length > 0,

  // The buyer identifies the seller automatically: BT-29, BT-30 or BT-31 (BT-32, the Steuernummer, never counts).
  'BR-CO-26': (i) =>
    (i.seller.ids ?? []).some(present) ||
    (i.seller.globalIds ?? []).some((g) => present(g.id) && present(g.scheme)) ||
    present(i.seller.legalId) ||
    present(i.seller.vatId),
  'BR-CO-10': (i) => eq(dec(i.totals.lineTotal), sum(i.lines.map((l) => l.net))),
  'BR-CO-11': (i) =>
    !present(i.totals.allowanceTotal) ||
    eq(dec(i.totals.allowanceTotal), sum(i.allowancesCharges.filter((a) => !a.charge).map((a) => a.amount))),
  'BR-CO-12': (i) =>
    !present(i.totals.chargeTotal) ||
    eq(dec(i.totals.chargeTotal), sum(i.allowancesCharges.filter((a) => a.charge).map((a) => a.amount))),
  'BR-CO-13': (i) =>
    eq(
      dec(i.totals.taxBasisTotal),
      dec(i.totals.lineTotal).minus(dec(i.totals.allowanceTotal)).plus(dec(i.totals.chargeTotal)),
    ),
  'BR-CO-14': (i) => eq(dec(i.totals.taxTotal), sum(i.breakdown.map((b) => b.amount))),
  'BR-CO-15': (i) => eq(dec(i.totals.grandTotal), dec(i.totals.taxBasisTotal).plus(dec(i.totals.taxTotal))),
  'BR-CO-16': (i) =>
    eq(dec(i.totals.duePayable), dec(i.totals.grandTotal).minus(dec(i.totals.prepaid)).plus(dec(i.totals.rounding))),
  // The standard rounds BT-117 to two places; the official Schematron tolerates ±1, we allow one cent.
  'BR-CO-17': (i) =>
    i.breakdown.every((b) =>
      dec(b.amount)
        .minus(round2(dec(b.basis).times(dec(b.rate)).dividedBy(100)))
        .abs()
        .lte('0.01'),
    ),

  'BR-S-01': (i) => !uses(i, 'S') || breakdownOf(i, 'S').length >= 1,
  'BR-S-02': (i) => linesOf(i, 'S').length === 0 || sellerIdentified(i),
  'BR-S-05': (i) => linesOf(i, 'S').every((l) => dec(l.rate).gt(0)),
  'BR-S-08': (i) => taxableMatches(i, 'S', true),
  'BR-S-09': (i) =>
    breakdownOf(i, 'S').every((b) =>
      dec(b.amount)
        .minus(round2(dec(b.basis).times(dec(b.rate)).dividedBy(100)))
        .abs()
        .lte('0.01'),
    ),
  'BR-S-10': (i) => breakdownOf(i, 'S').every((b) => !present(b.reason) && !present(b.reasonCode)),

  'BR-E-01': (i) => !uses(i, 'E') || breakdownOf(i, 'E').length === 1,
  'BR-E-02': (i) => linesOf(i, 'E').length === 0 || sellerIdentified(i),
  'BR-E-05': (i) => linesOf(i, 'E').every((l) => present(l.rate) && dec(l.rate).isZero()),
  'BR-E-08': (i) => taxableMatches(i, 'E', false),
  'BR-E-09': (i) => breakdownOf(i, 'E').every((b) => dec(b.amount).isZero()),
  'BR-E-10': (i) => breakdownOf(i, 'E').every((b) => present(b.reason) || present(b.reasonCode)),

  'BR-O-01': (i) => !uses(i, 'O') || breakdownOf(i, 'O').length === 1,
  'BR-O-02': (i) =>
    linesOf(i, 'O').length === 0 ||
    (!present(i.seller.vatId) && !present(i.taxRepresentativeVatId) && !present(i.buyer.vatId)),
  'BR-O-05': (i) => linesOf(i, 'O').every((l) => !present(l.rate)),
  'BR-O-08': (i) => taxableMatches(i, 'O', false),
  'BR-O-09': (i) => breakdownOf(i, 'O').every((b) => dec(b.amount).isZero()),
  'BR-O-10': (i) => breakdownOf(i, 'O').every((b) => present(b.reason) || present(b.reasonCode)),
  'BR-O-11': (i) => breakdownOf(i, 'O').length === 0 || i.breakdown.length === 1,
  'BR-O-12': (i) => breakdownOf(i, 'O').length === 0 || i.lines.every((l) => l.category === 'O'),

  // XRechnung 3.0 CIUS.
  'BR-DE-1': (i) => i.paymentMeans.length > 0,
  'BR-DE-2': (i) => i.seller.contact !== undefined,
  'BR-DE-3': (i) => present(i.seller.address?.city),
  'BR-DE-4': (i) => present(i.seller.address?.postcode),
  'BR-DE-5': (i) => present(i.seller.contact?.name),
  'BR-DE-6': (i) => present(i.seller.contact?.phone),
  'BR-DE-7': (i) => present(i.seller.contact?.email),
  'BR-DE-8': (i) => present(i.buyer.address?.city),
  'BR-DE-9': (i) => present(i.buyer.address?.postcode),
  // BT-119 in every breakdown, also on O (0).
  'BR-DE-14': (i) => i.breakdown.every((b) => present(b.rate)),
  'BR-DE-15': (i) => present(i.buyerReference),
  'BR-DE-16': (i) => !['S', 'E'].some((c) => uses(i, c)) || sellerIdentified(i),
  'BR-DE-17': (i) => XRECHNUNG_TYPE_CODES.has(i.typeCode ?? ''),
  // Peppol rule in KoSIT's CII set since 2.5 (a warning there, with 0.02 slack): quantity × net price = line net.
  // Held exactly here: the portal writes unit prices with the places it takes (unitPriceOf).
  'PEPPOL-EN16931-R120': (i) =>
    i.lines.every((l) =>
      eq(
        dec(l.net),
        round2(
          dec(l.quantity)
            .times(dec(l.price))
            .dividedBy(dec(l.baseQuantity ?? '1')),
        ),
      ),
    ),
  'BR-DE-23': (i) => i.paymentMeans.filter((p) => p.code === '30' || p.code === '58').every((p) => present(p.iban)),
};

/** The ids of the rules the invoice breaks, in the order above. */
export function brokenRules(invoice: CiiInvoice): string[] {
  return Object.entries(EN16931_RULES)
    .filter(([, rule]) => !rule(invoice))
    .map(([id]) => id);
}
