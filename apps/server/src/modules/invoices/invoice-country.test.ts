import { describe, expect, it } from 'vitest';
import { abroadEvidence, assertRecipientInGermany } from './invoice-country.ts';

const address = (postal: string) => ({ address: 'Hauptstraße', house_no: '1', postal, city: 'Ort' });

describe('recipients outside Germany (decision 0130)', () => {
  it('are told by another country’s VAT id prefix or a postcode that is not five digits', () => {
    expect(abroadEvidence({ vat_id: 'ATU12345678', address: address('10117') })).toBe('ATU12345678');
    expect(abroadEvidence({ vat_id: 'nl 8234.56.789.B01', address: null })).toBe('NL8234.56.789.B01');
    expect(abroadEvidence({ vat_id: null, address: address('1010') })).toBe('1010');
    expect(abroadEvidence({ vat_id: null, address: address('1012 AB') })).toBe('1012 AB');
  });

  it('leave German recipients alone: a DE VAT id, none, a five-digit postcode, no address', () => {
    expect(abroadEvidence({ vat_id: 'DE123456789', address: address('01067') })).toBeNull();
    expect(abroadEvidence({ vat_id: null, address: address('80331') })).toBeNull();
    expect(abroadEvidence({ vat_id: '', address: null })).toBeNull();
    expect(() => assertRecipientInGermany({ vat_id: 'DE 123 456 789', address: null })).not.toThrow();
  });

  it('refuses with a stable code and the evidence as its parameter', () => {
    expect(() => assertRecipientInGermany({ vat_id: 'FR40303265045', address: null })).toThrow(
      expect.objectContaining({ code: 'invoice_recipient_abroad', details: { params: { evidence: 'FR40303265045' } } }),
    );
  });
});
