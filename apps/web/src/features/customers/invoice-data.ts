import type { CustomerDetails } from '@portal/contract/customers';
import { LEGAL_FORMS, REGISTER_TYPES } from '@portal/contract/legal-ids';
import type { PlatformDetails, UpdatePlatformDetailsBody } from '@portal/contract/platform-details';

/** The legal data an invoice names for its issuer and recipient (decision 0090). */
export const LEGAL_FIELDS = [
  'legal_name',
  'legal_form',
  'seat',
  'vat_id',
  'tax_number',
  'economic_id',
  'register_court',
  'register_type',
  'register_number',
  'managing_directors',
  'gln',
  'iban',
  'bic',
] as const;
export type LegalField = (typeof LEGAL_FIELDS)[number];
/** Every legal field as the form holds it: text, '' for none (a choice not made yet as well). */
export type LegalValues = Record<LegalField, string>;
/** The legal fields that are a choice from a list, not free text. */
export const LEGAL_CHOICES = {
  legal_form: LEGAL_FORMS,
  register_type: REGISTER_TYPES,
} as const;

export interface AddressValues {
  address: string;
  house_no: string;
  postal: string;
  city: string;
}
export const NO_ADDRESS: AddressValues = { address: '', house_no: '', postal: '', city: '' };

type Legal = Pick<CustomerDetails, LegalField>;

export function legalValues(d: Legal | null | undefined): LegalValues {
  return Object.fromEntries(LEGAL_FIELDS.map((f) => [f, d?.[f] ?? ''])) as LegalValues;
}

/**
 * Cleared legal data is sent as null, so removing a wrong tax id takes effect; IBAN and BIC without spaces in
 * capitals, the GLN and W-IdNr. without spaces.
 */
export function legalBody(legal: LegalValues): Pick<UpdatePlatformDetailsBody, LegalField> {
  return Object.fromEntries(
    LEGAL_FIELDS.map((f) => {
      const compact = f === 'iban' || f === 'bic' || f === 'gln' || f === 'economic_id';
      const v = compact ? legal[f].replaceAll(' ', '').toUpperCase() : legal[f].trim();
      return [f, v === '' ? null : v];
    }),
  ) as Pick<UpdatePlatformDetailsBody, LegalField>;
}

export function addressBody(a: AddressValues): AddressValues {
  return { address: a.address.trim(), house_no: a.house_no.trim(), postal: a.postal.trim(), city: a.city.trim() };
}

/** `/platform-details` as the user edits it. */
export interface PlatformFormValues {
  name: string;
  email: string;
  address: AddressValues;
  invoice_logo: string | null;
  invoice_header_image: string | null;
  invoice_footer_image: string | null;
  legal: LegalValues;
}

export function platformFormValues(d: PlatformDetails): PlatformFormValues {
  return {
    name: d.name,
    email: d.email ?? '',
    address: d.address,
    invoice_logo: d.invoice_logo,
    invoice_header_image: d.invoice_header_image,
    invoice_footer_image: d.invoice_footer_image,
    legal: legalValues(d),
  };
}

export function platformDetailsInput(v: PlatformFormValues): UpdatePlatformDetailsBody {
  return {
    name: v.name.trim(),
    email: v.email.trim() === '' ? null : v.email.trim(),
    address: addressBody(v.address),
    invoice_logo: v.invoice_logo,
    invoice_header_image: v.invoice_header_image,
    invoice_footer_image: v.invoice_footer_image,
    ...legalBody(v.legal),
  };
}
