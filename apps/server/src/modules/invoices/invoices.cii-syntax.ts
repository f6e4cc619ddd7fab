import { XMLParser } from 'fast-xml-parser';

/**
 * Checks on how a CII document is written, beside the business rules of invoices.en16931.ts: the element order
 * and mandatory children the UN/CEFACT CII D16B XSD demands for every element the portal writes, and the CEN
 * syntax rules the library's writing once broke (CII-SR-030, CII-DT-097). The official XSD and Schematron are
 * not on the registry; the order below is copied from the XSD's sequences (CrossIndustryInvoice_100pD16B and
 * its ReusableAggregateBusinessInformationEntity module), limited to the children the portal can write, and
 * scripts/validate-einvoices.sh runs the real ones where they were fetched.
 */

/** Per element: its children in the XSD's sequence; a trailing `!` marks a child the XSD requires. */
const SEQUENCES: Record<string, string[]> = {
  'rsm:CrossIndustryInvoice': [
    'rsm:ExchangedDocumentContext!',
    'rsm:ExchangedDocument!',
    'rsm:SupplyChainTradeTransaction!',
  ],
  'rsm:ExchangedDocumentContext': [
    'ram:BusinessProcessSpecifiedDocumentContextParameter',
    'ram:GuidelineSpecifiedDocumentContextParameter',
  ],
  'rsm:ExchangedDocument': ['ram:ID!', 'ram:TypeCode', 'ram:IssueDateTime!', 'ram:IncludedNote'],
  'ram:IncludedNote': ['ram:Content', 'ram:SubjectCode'],
  'rsm:SupplyChainTradeTransaction': [
    'ram:IncludedSupplyChainTradeLineItem',
    'ram:ApplicableHeaderTradeAgreement!',
    'ram:ApplicableHeaderTradeDelivery!',
    'ram:ApplicableHeaderTradeSettlement!',
  ],
  'ram:IncludedSupplyChainTradeLineItem': [
    'ram:AssociatedDocumentLineDocument!',
    'ram:SpecifiedTradeProduct',
    'ram:SpecifiedLineTradeAgreement',
    'ram:SpecifiedLineTradeDelivery',
    'ram:SpecifiedLineTradeSettlement!',
  ],
  'ram:SpecifiedTradeProduct': ['ram:GlobalID', 'ram:SellerAssignedID', 'ram:BuyerAssignedID', 'ram:Name'],
  'ram:SpecifiedLineTradeAgreement': ['ram:GrossPriceProductTradePrice', 'ram:NetPriceProductTradePrice'],
  'ram:NetPriceProductTradePrice': ['ram:ChargeAmount!', 'ram:BasisQuantity'],
  'ram:SpecifiedLineTradeSettlement': [
    'ram:ApplicableTradeTax',
    'ram:BillingSpecifiedPeriod',
    'ram:SpecifiedTradeSettlementLineMonetarySummation',
  ],
  'ram:ApplicableHeaderTradeAgreement': ['ram:BuyerReference', 'ram:SellerTradeParty', 'ram:BuyerTradeParty'],
  'ram:SellerTradeParty': [
    'ram:ID',
    'ram:GlobalID',
    'ram:Name',
    'ram:Description',
    'ram:SpecifiedLegalOrganization',
    'ram:DefinedTradeContact',
    'ram:PostalTradeAddress',
    'ram:URIUniversalCommunication',
    'ram:SpecifiedTaxRegistration',
  ],
  'ram:BuyerTradeParty': [
    'ram:ID',
    'ram:GlobalID',
    'ram:Name',
    'ram:SpecifiedLegalOrganization',
    'ram:DefinedTradeContact',
    'ram:PostalTradeAddress',
    'ram:URIUniversalCommunication',
    'ram:SpecifiedTaxRegistration',
  ],
  'ram:SpecifiedLegalOrganization': ['ram:ID', 'ram:TradingBusinessName'],
  'ram:DefinedTradeContact': [
    'ram:PersonName',
    'ram:TelephoneUniversalCommunication',
    'ram:EmailURIUniversalCommunication',
  ],
  'ram:PostalTradeAddress': ['ram:PostcodeCode', 'ram:LineOne', 'ram:LineTwo', 'ram:CityName', 'ram:CountryID'],
  'ram:ApplicableHeaderTradeSettlement': [
    'ram:CreditorReferenceID',
    'ram:PaymentReference',
    'ram:InvoiceCurrencyCode',
    'ram:PayeeTradeParty',
    'ram:SpecifiedTradeSettlementPaymentMeans',
    'ram:ApplicableTradeTax',
    'ram:BillingSpecifiedPeriod',
    'ram:SpecifiedTradeAllowanceCharge',
    'ram:SpecifiedTradePaymentTerms',
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    'ram:InvoiceReferencedDocument',
  ],
  'ram:SpecifiedTradeSettlementPaymentMeans': [
    'ram:TypeCode',
    'ram:Information',
    'ram:PayeePartyCreditorFinancialAccount',
    'ram:PayeeSpecifiedCreditorFinancialInstitution',
  ],
  'ram:PayeePartyCreditorFinancialAccount': ['ram:IBANID', 'ram:AccountName', 'ram:ProprietaryID'],
  'ram:ApplicableTradeTax': [
    'ram:CalculatedAmount',
    'ram:TypeCode',
    'ram:ExemptionReason',
    'ram:BasisAmount',
    'ram:CategoryCode',
    'ram:ExemptionReasonCode',
    'ram:RateApplicablePercent',
  ],
  'ram:BillingSpecifiedPeriod': ['ram:StartDateTime', 'ram:EndDateTime'],
  'ram:SpecifiedTradeSettlementHeaderMonetarySummation': [
    'ram:LineTotalAmount',
    'ram:ChargeTotalAmount',
    'ram:AllowanceTotalAmount',
    'ram:TaxBasisTotalAmount',
    'ram:TaxTotalAmount',
    'ram:RoundingAmount',
    'ram:GrandTotalAmount',
    'ram:TotalPrepaidAmount',
    'ram:DuePayableAmount',
  ],
  'ram:InvoiceReferencedDocument': ['ram:IssuerAssignedID!', 'ram:FormattedIssueDateTime'],
  'ram:FormattedIssueDateTime': ['qdt:DateTimeString!'],
};

// biome-ignore lint/suspicious/noExplicitAny: fast-xml-parser's ordered tree has no static shape
type Ordered = any;

const nameOf = (n: Ordered) => Object.keys(n).find((k) => k !== ':@');

/**
 * What breaks the XSD's sequence or the syntax rules, one entry per finding: `XSD <parent>: …`, `CII-SR-030`,
 * `CII-DT-097`. Empty when the document is written right.
 */
export function ciiSyntaxFindings(xml: string): string[] {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
  });
  const findings: string[] = [];
  const walk = (nodes: Ordered[]) => {
    for (const node of nodes) {
      const name = nameOf(node);
      if (!name || name === '#text' || name === '?xml') continue;
      const children: Ordered[] = node[name];
      const childNames = children.map(nameOf).filter((n): n is string => !!n && n !== '#text');
      const seq = SEQUENCES[name];
      if (seq) {
        const order = seq.map((s) => s.replace(/!$/, ''));
        let at = -1;
        for (const c of childNames) {
          const idx = order.indexOf(c);
          if (idx === -1) findings.push(`XSD ${name}: ${c} not expected`);
          else if (idx < at) findings.push(`XSD ${name}: ${c} out of order`);
          else at = idx;
        }
        for (const s of seq.filter((x) => x.endsWith('!'))) {
          if (!childNames.includes(s.slice(0, -1))) findings.push(`XSD ${name}: ${s.slice(0, -1)} missing`);
        }
      }
      // CII-SR-030: one content per note.
      if (name === 'ram:IncludedNote' && childNames.filter((c) => c === 'ram:Content').length > 1) {
        findings.push('CII-SR-030');
      }
      // CII-DT-097: a date with format 102 is YYYYMMDD.
      const format = node[':@']?.['@_format'];
      if (format === '102') {
        const value = children.find((c) => nameOf(c) === '#text')?.['#text'];
        if (!/^\d{8}$/.test(String(value ?? ''))) findings.push('CII-DT-097');
      }
      walk(children);
    }
  };
  walk(parser.parse(xml));
  return findings;
}
