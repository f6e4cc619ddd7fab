import { Decimal } from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';

/**
 * A CII e-invoice read back into EN 16931's business terms (BT-…), so the rule checks speak the standard's
 * language rather than XPath. Values stay strings until a rule compares them as decimals (never floats).
 */
export interface CiiAddress {
  line1?: string;
  city?: string;
  postcode?: string;
  country?: string;
}
export interface CiiParty {
  /** BT-29 / BT-46 (ram:ID, unqualified). */
  ids?: string[];
  /** BT-29 / BT-46 with a scheme (ram:GlobalID, e.g. a GLN with scheme 0088). */
  globalIds?: { id?: string; scheme?: string }[];
  /** BT-30 / BT-47. */
  legalId?: string;
  name?: string;
  vatId?: string;
  taxRegistrationId?: string;
  address?: CiiAddress;
  endpoint?: string;
  contact?: { name?: string; phone?: string; email?: string };
}
export interface CiiLine {
  id?: string;
  quantity?: string;
  net?: string;
  price?: string;
  /** BT-149, absent when the price is per unit. */
  baseQuantity?: string;
  name?: string;
  category?: string;
  rate?: string;
}
export interface CiiBreakdown {
  basis?: string;
  amount?: string;
  category?: string;
  rate?: string;
  reason?: string;
  reasonCode?: string;
}
export interface CiiAllowanceCharge {
  charge: boolean;
  amount?: string;
  category?: string;
  rate?: string;
}
export interface CiiInvoice {
  specificationId?: string;
  number?: string;
  issueDate?: string;
  typeCode?: string;
  currency?: string;
  buyerReference?: string;
  notes: string[];
  precedingInvoices: string[];
  period?: { start?: string; end?: string };
  seller: CiiParty;
  taxRepresentativeVatId?: string;
  buyer: CiiParty;
  paymentMeans: { code?: string; iban?: string }[];
  totals: {
    lineTotal?: string;
    allowanceTotal?: string;
    chargeTotal?: string;
    taxBasisTotal?: string;
    taxTotal?: string;
    grandTotal?: string;
    prepaid?: string;
    rounding?: string;
    duePayable?: string;
  };
  lines: CiiLine[];
  breakdown: CiiBreakdown[];
  allowancesCharges: CiiAllowanceCharge[];
}

const REPEATED = new Set([
  'IncludedSupplyChainTradeLineItem',
  'ApplicableTradeTax',
  'SpecifiedTaxRegistration',
  'IncludedNote',
  'SpecifiedTradeSettlementPaymentMeans',
  'SpecifiedTradeAllowanceCharge',
  'InvoiceReferencedDocument',
  'TaxTotalAmount',
]);

// biome-ignore lint/suspicious/noExplicitAny: a parsed XML tree has no static shape
type Node = any;

/** An element's text, whether the parser gave it as a string or as an object with attributes. */
const text = (n: Node): string | undefined => {
  if (n === undefined || n === null) return undefined;
  if (typeof n === 'object') return n['#text'] === undefined ? undefined : String(n['#text']);
  return String(n);
};
const list = (n: Node): Node[] => (n === undefined ? [] : Array.isArray(n) ? n : [n]);

function partyOf(p: Node): CiiParty {
  if (!p) return {};
  const regs = list(p.SpecifiedTaxRegistration).map((r) => ({ scheme: r.ID?.['@_schemeID'], id: text(r.ID) }));
  const a = p.PostalTradeAddress;
  const c = p.DefinedTradeContact;
  return {
    ids: list(p.ID)
      .map((i) => text(i))
      .filter((i): i is string => i !== undefined),
    globalIds: list(p.GlobalID).map((g) => ({ id: text(g), scheme: g?.['@_schemeID'] })),
    legalId: text(p.SpecifiedLegalOrganization?.ID),
    name: text(p.Name),
    vatId: regs.find((r) => r.scheme === 'VA')?.id,
    taxRegistrationId: regs.find((r) => r.scheme === 'FC')?.id,
    address: a
      ? { line1: text(a.LineOne), city: text(a.CityName), postcode: text(a.PostcodeCode), country: text(a.CountryID) }
      : undefined,
    endpoint: text(p.URIUniversalCommunication?.URIID),
    contact: c
      ? {
          name: text(c.PersonName) ?? text(c.DepartmentName),
          phone: text(c.TelephoneUniversalCommunication?.CompleteNumber),
          email: text(c.EmailURIUniversalCommunication?.URIID),
        }
      : undefined,
  };
}

/** Reads a CII (XRechnung or Factur-X) document; attributes keep their values, numbers stay text. */
export function readCii(xml: string): CiiInvoice {
  const parser = new XMLParser({
    ignoreAttributes: false,
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => REPEATED.has(name),
  });
  const root = parser.parse(xml).CrossIndustryInvoice ?? {};
  const doc = root.ExchangedDocument ?? {};
  const tx = root.SupplyChainTradeTransaction ?? {};
  const agreement = tx.ApplicableHeaderTradeAgreement ?? {};
  const settlement = tx.ApplicableHeaderTradeSettlement ?? {};
  const sum = settlement.SpecifiedTradeSettlementHeaderMonetarySummation ?? {};
  const taxTotal = list(sum.TaxTotalAmount).find((t) => !t['@_currencyID'] || t['@_currencyID'] === 'EUR');
  const date = (n: Node) => {
    const s = text(n?.DateTimeString);
    return s && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}` : s;
  };
  return {
    specificationId: text(root.ExchangedDocumentContext?.GuidelineSpecifiedDocumentContextParameter?.ID),
    number: text(doc.ID),
    issueDate: date(doc.IssueDateTime),
    typeCode: text(doc.TypeCode),
    currency: text(settlement.InvoiceCurrencyCode),
    buyerReference: text(agreement.BuyerReference),
    notes: list(doc.IncludedNote).map((n) => text(n.Content) ?? ''),
    precedingInvoices: list(settlement.InvoiceReferencedDocument).map((d) => text(d.IssuerAssignedID) ?? ''),
    period: settlement.BillingSpecifiedPeriod
      ? {
          start: date(settlement.BillingSpecifiedPeriod.StartDateTime),
          end: date(settlement.BillingSpecifiedPeriod.EndDateTime),
        }
      : undefined,
    seller: partyOf(agreement.SellerTradeParty),
    taxRepresentativeVatId: list(agreement.SellerTaxRepresentativeTradeParty?.SpecifiedTaxRegistration)
      .map((r) => text(r.ID))
      .find(Boolean),
    buyer: partyOf(agreement.BuyerTradeParty),
    paymentMeans: list(settlement.SpecifiedTradeSettlementPaymentMeans).map((p) => ({
      code: text(p.TypeCode),
      iban: text(p.PayeePartyCreditorFinancialAccount?.IBANID),
    })),
    totals: {
      lineTotal: text(sum.LineTotalAmount),
      allowanceTotal: text(sum.AllowanceTotalAmount),
      chargeTotal: text(sum.ChargeTotalAmount),
      taxBasisTotal: text(sum.TaxBasisTotalAmount),
      taxTotal: text(taxTotal),
      grandTotal: text(sum.GrandTotalAmount),
      prepaid: text(sum.TotalPrepaidAmount),
      rounding: text(sum.RoundingAmount),
      duePayable: text(sum.DuePayableAmount),
    },
    lines: list(tx.IncludedSupplyChainTradeLineItem).map((l) => {
      const tax = list(l.SpecifiedLineTradeSettlement?.ApplicableTradeTax)[0] ?? {};
      return {
        id: text(l.AssociatedDocumentLineDocument?.LineID),
        quantity: text(l.SpecifiedLineTradeDelivery?.BilledQuantity),
        net: text(l.SpecifiedLineTradeSettlement?.SpecifiedTradeSettlementLineMonetarySummation?.LineTotalAmount),
        price: text(l.SpecifiedLineTradeAgreement?.NetPriceProductTradePrice?.ChargeAmount),
        baseQuantity: text(l.SpecifiedLineTradeAgreement?.NetPriceProductTradePrice?.BasisQuantity),
        name: text(l.SpecifiedTradeProduct?.Name),
        category: text(tax.CategoryCode),
        rate: text(tax.RateApplicablePercent),
      };
    }),
    breakdown: list(settlement.ApplicableTradeTax).map((t) => ({
      basis: text(t.BasisAmount),
      amount: text(t.CalculatedAmount),
      category: text(t.CategoryCode),
      rate: text(t.RateApplicablePercent),
      reason: text(t.ExemptionReason),
      reasonCode: text(t.ExemptionReasonCode),
    })),
    allowancesCharges: list(settlement.SpecifiedTradeAllowanceCharge).map((a) => {
      const tax = list(a.CategoryTradeTax)[0] ?? {};
      return {
        charge: text(a.ChargeIndicator?.Indicator) === 'true',
        amount: text(a.ActualAmount),
        category: text(tax.CategoryCode),
        rate: text(tax.RateApplicablePercent),
      };
    }),
  };
}

/** A decimal from a business term, 0 when absent (as EN 16931 reads an absent optional amount). */
export const dec = (v: string | undefined) => new Decimal(v ?? 0);
