/**
 * The identifiers of a company's legal data (decision 0095, issue 35), checked the same way in the browser and on
 * the server: the register entry in its three parts, the legal form, the GLN and the IBAN's check digits.
 */

/** The German registers an entry can be in: commercial (A, B), cooperative, partnership, association. */
export const REGISTER_TYPES = ['HRA', 'HRB', 'GnR', 'PR', 'VR'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];

/**
 * Legal forms, as codes; their names are German legal terms (LEGAL_FORM_NAMES) printed on invoices. A GmbH, UG
 * or AG must name its seat, register court and number and every managing director (or board member) on its
 * business letters (§ 35a GmbHG, § 80 AktG).
 */
export const LEGAL_FORMS = [
  'gmbh',
  'ug',
  'ag',
  'gmbh_co_kg',
  'kg',
  'ohg',
  'ek',
  'gbr',
  'eg',
  'ev',
  'sole_trader',
  'other',
] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];
export const LEGAL_FORM_NAMES: Record<Exclude<LegalForm, 'other'>, string> = {
  gmbh: 'GmbH',
  ug: 'UG (haftungsbeschränkt)',
  ag: 'AG',
  gmbh_co_kg: 'GmbH & Co. KG',
  kg: 'KG',
  ohg: 'OHG',
  ek: 'e. K.',
  gbr: 'GbR',
  eg: 'eG',
  ev: 'e. V.',
  sole_trader: 'Einzelunternehmen',
};
/** Forms whose business letters must name seat, register and managing directors (§ 35a GmbHG, § 80 AktG). */
export const CAPITAL_COMPANIES: readonly LegalForm[] = ['gmbh', 'ug', 'ag'];

/** An IBAN's check digits (ISO 13616, mod 97 = 1), over its letters as numbers (A = 10 … Z = 35). */
export function ibanChecksumOk(iban: string): boolean {
  const s = iban.replaceAll(' ', '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  if (s.startsWith('DE') && s.length !== 22) return false;
  let rest = 0;
  for (const ch of s.slice(4) + s.slice(0, 4)) {
    const v = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = v >= 10 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest === 1;
}

/** A GLN (GS1 Global Location Number, 13 digits): its last digit is the GS1 check digit of the twelve before. */
export function glnChecksumOk(gln: string): boolean {
  if (!/^\d{13}$/.test(gln)) return false;
  let sum = 0;
  // From the right of the twelve data digits: weights 3, 1, 3, 1, …
  for (let i = 0; i < 12; i++) sum += Number(gln[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(gln[12]);
}

/** The Wirtschafts-Identifikationsnummer (§ 139c AO): DE, nine digits, a hyphen and a five-digit suffix. */
export const ECONOMIC_ID_PATTERN = /^DE\d{9}-\d{5}$/;
