import type { InvoiceParty } from '@portal/contract/invoices';
import { CAPITAL_COMPANIES, LEGAL_FORM_NAMES } from '@portal/contract/legal-ids';
import { AppError } from '../../platform/errors.ts';

/**
 * How an issuer is identified on its documents (BR-CO-26, § 35a GmbHG; decision 0092 "Seller identification"),
 * one answer for the XRechnung, the ZUGFeRD XML and the PDF, so the PDF prints the identifiers the XML carries.
 */

export const incomplete = (field: string) =>
  new AppError('einvoice_party_incomplete', `The e-invoice needs the ${field.replaceAll('_', ' ')}`, {
    params: { field },
  });

/** A register entry: BT-30 is type and number ("HRB 123456 B"), BT-33 names the court. */
export interface RegisterEntry {
  entry: string;
  court: string | null;
}

/**
 * A register entry as one text, as documents issued before issue 35 froze it ("Amtsgericht Charlottenburg HRB
 * 123456 B"): the entry (type and number) and the court. A text without a recognisable type is the entry. The
 * migration that split the legal data's field used the same pattern (0058).
 */
export function registerOf(text: string | null | undefined): RegisterEntry | null {
  const t = text?.trim();
  if (!t) return null;
  const m = /\b(HRA|HRB|GnR|PR|VR)\s*(\d+(?:\s+[A-Z]{1,2}\b)?)/.exec(t);
  if (!m) return { entry: t, court: null };
  const court = `${t.slice(0, m.index)} ${t.slice(m.index + m[0].length)}`.replace(/[\s,;:-]+/g, ' ').trim();
  return { entry: `${m[1]} ${m[2]}`, court: court || null };
}

/** The party's register entry: its three parts since issue 35, else the one text of an older document. */
export function registerEntryOf(p: InvoiceParty): RegisterEntry | null {
  if (p.register_type && p.register_number) {
    return { entry: `${p.register_type} ${p.register_number}`, court: p.register_court ?? null };
  }
  if (p.register_type || p.register_number || p.register_court) return null; // incomplete: refused at issue
  return registerOf(p.commercial_register);
}

/**
 * Refuses an issuer whose legal data would make a wrong document: a register entry given in part (the
 * migration leaves text it could not split in the number, for the user to complete), or a GmbH, UG or AG
 * without what § 35a GmbHG / § 80 AktG ask on every business letter (seat, register court and number, managing
 * directors). Documents frozen before issue 35 have none of these fields and are not checked.
 */
export function checkIssuerLegalData(p: InvoiceParty) {
  const parts = [p.register_court, p.register_type, p.register_number];
  if (parts.some(Boolean)) {
    if (!p.register_court) throw incomplete('seller_register_court');
    if (!p.register_type) throw incomplete('seller_register_type');
    if (!p.register_number) throw incomplete('seller_register_number');
  }
  if (p.legal_form && CAPITAL_COMPANIES.includes(p.legal_form)) {
    if (!p.seat) throw incomplete('seller_seat');
    if (!p.register_number) throw incomplete('seller_register_number');
    if (!p.managing_directors?.trim()) throw incomplete('seller_managing_directors');
  }
}

/** The seller's account number in the portal, which the buyer knows too: BT-29 when nothing else identifies it. */
export const sellerAccountOf = (issuer: InvoiceParty) => `Kundennummer ${issuer.customer_id}`;

/** BT-29 of the seller: a GLN (scheme 0088), the W-IdNr., and the portal account number when nothing else. */
export interface SellerIds {
  register: RegisterEntry | null;
  /** BT-29 with scheme 0088 (`ram:GlobalID`). */
  gln: string | null;
  /** BT-29 without a scheme (`ram:ID`): the W-IdNr., else the account number where there is no other id. */
  ids: string[];
}

export function sellerIdsOf(issuer: InvoiceParty): SellerIds {
  const register = registerEntryOf(issuer);
  const gln = issuer.gln ?? null;
  const ids = issuer.economic_id ? [issuer.economic_id] : [];
  // BR-CO-26: BT-30 where the issuer has one, else BT-29; the account number only where nothing else is given.
  if (!register && !gln && ids.length === 0) ids.push(sellerAccountOf(issuer));
  return { register, gln, ids };
}

/** "GmbH", "UG (haftungsbeschränkt)"… or nothing for `other` and unset. */
export const legalFormName = (p: InvoiceParty) =>
  p.legal_form && p.legal_form !== 'other' ? LEGAL_FORM_NAMES[p.legal_form] : null;

/** Who manages it: the board of an AG (Vorstand), else the managing directors (Geschäftsführung). */
export const directorsLabel = (p: InvoiceParty) => (p.legal_form === 'ag' ? 'Vorstand' : 'Geschäftsführung');

/**
 * BT-33 (seller additional legal information): the court, the legal form, the seat and the managing directors —
 * what § 35a GmbHG asks besides the entry itself (BT-30).
 */
export function legalInfoOf(issuer: InvoiceParty, register: RegisterEntry | null): string {
  const form = legalFormName(issuer);
  return [
    register?.court ? `Registergericht: ${register.court}` : null,
    form ? `Rechtsform: ${form}` : null,
    issuer.seat ? `Sitz: ${issuer.seat}` : null,
    issuer.managing_directors ? `${directorsLabel(issuer)}: ${issuer.managing_directors}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * The lines of a party's legal data on the PDF, the same identifiers as in its XML: legal name with legal form,
 * address, seat, register court and entry, managing directors, VAT id, tax number, W-IdNr., GLN, and the portal
 * account number where the XML names the seller by it.
 */
export function partyLegalLines(p: InvoiceParty, role: 'issuer' | 'recipient'): string[] {
  const form = legalFormName(p);
  const name = p.legal_name || p.name;
  const register = registerEntryOf(p);
  const seller = role === 'issuer' ? sellerIdsOf(p) : null;
  return [
    form && !name.includes(form) ? `${name} (${form})` : name,
    p.address,
    p.seat ? `Sitz: ${p.seat}` : '',
    register ? `${register.court ? `Registergericht: ${register.court}, ` : ''}${register.entry}` : '',
    p.managing_directors ? `${directorsLabel(p)}: ${p.managing_directors}` : '',
    p.vat_id ? `USt-IdNr.: ${p.vat_id}` : '',
    p.tax_number ? `Steuernummer: ${p.tax_number}` : '',
    p.economic_id ? `W-IdNr.: ${p.economic_id}` : '',
    p.gln ? `GLN: ${p.gln}` : '',
    seller?.ids.includes(sellerAccountOf(p)) ? sellerAccountOf(p) : '',
  ].filter(Boolean);
}
