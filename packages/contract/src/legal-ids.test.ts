import { describe, expect, it } from 'vitest';
import { customerLegalFields } from './customer-fields.ts';
import { glnChecksumOk, ibanChecksumOk } from './legal-ids.ts';

describe('IBAN check digits (ISO 13616, mod 97)', () => {
  it('accepts the published examples and refuses a changed digit', () => {
    // The example IBANs of the Deutsche Bundesbank and of the ECBS register.
    expect(ibanChecksumOk('DE89370400440532013000')).toBe(true);
    expect(ibanChecksumOk('DE02120300000000202051')).toBe(true);
    expect(ibanChecksumOk('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecksumOk('NL91ABNA0417164300')).toBe(true);
    expect(ibanChecksumOk('DE89370400440532013001')).toBe(false);
    expect(ibanChecksumOk('DE98370400440532013000')).toBe(false);
    // Two swapped digits: the typing error mod 97 exists for.
    expect(ibanChecksumOk('DE89370400440523013000')).toBe(false);
    // A German IBAN has 22 characters.
    expect(ibanChecksumOk('DE8937040044053201300')).toBe(false);
  });

  it('the legal data refuse a wrong IBAN with a rule naming the field', () => {
    const r = customerLegalFields().safeParse({ iban: 'DE89370400440532013001' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['iban'], params: { rule: 'iban_checksum' } })]);
    expect(customerLegalFields().safeParse({ iban: 'DE89370400440532013000' }).success).toBe(true);
  });
});

describe('GLN (GS1 check digit)', () => {
  it('accepts the GS1 example and refuses other check digits', () => {
    // GS1's own check-digit example: 629104150021 → 3.
    expect(glnChecksumOk('6291041500213')).toBe(true);
    for (const d of '012456789') expect(glnChecksumOk(`629104150021${d}`)).toBe(false);
    expect(glnChecksumOk('629104150021')).toBe(false);
    expect(glnChecksumOk('62910415002130')).toBe(false);
  });

  it('the legal data refuse a wrong GLN with a rule naming the field', () => {
    const r = customerLegalFields().safeParse({ gln: '6291041500214' });
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['gln'], params: { rule: 'gln_checksum' } })]);
    expect(customerLegalFields().parse({ gln: ' 6291041500213 ' })).toEqual({ gln: '6291041500213' });
  });
});

describe('the register entry in parts', () => {
  it('takes the five register types only, and nothing absent is filled in (edits stay partial)', () => {
    expect(customerLegalFields().parse({ register_type: 'HRB' })).toEqual({ register_type: 'HRB' });
    expect(customerLegalFields().safeParse({ register_type: 'HRC' }).success).toBe(false);
    expect(customerLegalFields().parse({})).toEqual({});
    expect(customerLegalFields().parse({ register_court: null })).toEqual({ register_court: null });
  });

  it('a W-IdNr. has its form DE + nine digits + five', () => {
    expect(customerLegalFields().safeParse({ economic_id: 'DE123456789-00001' }).success).toBe(true);
    expect(customerLegalFields().safeParse({ economic_id: 'DE123456789' }).success).toBe(false);
  });
});
