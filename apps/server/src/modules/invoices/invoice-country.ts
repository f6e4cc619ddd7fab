import { AppError } from '../../platform/errors.ts';
import type { PartyRecord } from './invoices.repository.ts';

/**
 * Recipients outside Germany are not invoiced yet (decision 0130): an invoice to a business elsewhere in the EU is
 * an intra-Community supply or a reverse-charge service (§ 13b UStG, § 14a UStG: both VAT ids, the note, category
 * K or AE, the recapitulative statement), which the portal does not make. The customer data hold no country, so
 * two things tell it: a USt-IdNr. with another country's prefix, or a postcode that is not a German one (five
 * digits). Either holds the recipient's month with `invoice_recipient_abroad`, like a missing party field.
 */
export function abroadEvidence(recipient: Pick<PartyRecord, 'vat_id' | 'address'>): string | null {
  const vatId = recipient.vat_id?.replace(/\s+/g, '').toUpperCase();
  if (vatId && /^[A-Z]{2}/.test(vatId) && !vatId.startsWith('DE')) return vatId;
  const postal = recipient.address?.postal?.trim();
  if (postal && !/^\d{5}$/.test(postal)) return postal;
  return null;
}

export function assertRecipientInGermany(recipient: Pick<PartyRecord, 'vat_id' | 'address'>) {
  const evidence = abroadEvidence(recipient);
  if (evidence === null) return;
  throw new AppError(
    'invoice_recipient_abroad',
    `The recipient is not in Germany (${evidence}): no intra-Community or reverse-charge invoicing yet`,
    { params: { evidence } },
  );
}
