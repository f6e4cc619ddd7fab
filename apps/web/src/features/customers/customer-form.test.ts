import { addCustomerBody, type CustomerDetails, editCustomerBody } from '@portal/contract/customers';
import { describe, expect, it } from 'vitest';
import { addCustomerInput, customerFormValues, editCustomerInput } from './customer-form.ts';

const details: CustomerDetails = {
  customer_id: 7,
  account_role: 2,
  name: 'Kiosk am Markt',
  organisation_type: 'GmbH',
  username: 'kiosk',
  user_id: 70,
  contact_name: 'Kim',
  email: 'kim@example.com',
  mobile: '+49 151 1',
  alternative_mobiles: ['+49 30 1234567'],
  address: { address: 'Markt', house_no: '1', postal: '10115', city: 'Berlin' },
  is_active: 1,
  credit_limit: '500.00',
  balance: '12.50',
  outstanding_credit: '0.00',
  auto_credit: 1,
  balance_trigger: '50.00',
  balance_topup: '100.00',
  discount_slab_id: 3,
  discount_slab_name: 'Standard',
  sub_domain: null,
  sms_sender_id: 'KIOSK',
  invoice_logo: null,
  invoice_header_image: null,
  invoice_footer_image: null,
  login_logo: null,
  legal_name: 'Kiosk Berlin GmbH',
  vat_id: 'DE123456789',
  tax_number: null,
  legal_form: null,
  seat: null,
  economic_id: null,
  register_court: null,
  register_type: null,
  register_number: null,
  managing_directors: null,
  gln: null,
  iban: null,
  bic: null,
  shop_type: 'Kiosk',
  shop_timings: { mon: { open: '08:00', close: '20:00' }, sun: null },
  holidays: ['2026-12-25'],
  lunch: { from: '12:00', to: '13:00' },
  mask_seller_discount: 1,
  terminal_limit: 2,
  enable_otp: 0,
  otp_type: 'sms',
  remarks: 'pays in cash',
  api_enabled: 0,
  api_allowed_ips: [],
  api_callback_url: null,
  features: ['has_transaction', 'has_cash_card'],
  created_at: '2026-01-01T00:00:00.000Z',
  stopped_at: null,
};

describe('customer form', () => {
  it('starts a new shop with every flag its role may have and nothing else filled', () => {
    const values = customerFormValues(null, ['has_transaction', 'has_reports']);
    expect(values.features).toEqual(['has_transaction', 'has_reports']);
    expect(values.credit_limit).toBe('0');
    expect(Object.values(values.shop_timings).every((d) => !d.open)).toBe(true);
  });

  it('sends what the contract accepts, amounts as decimal strings typed the German way', () => {
    const values = {
      ...customerFormValues(null, ['has_transaction']),
      name: ' Neuer Kiosk ',
      username: 'neuer-kiosk',
      email: 'neu@example.com',
      mobile: '+49 151 2',
      mobile_confirmation: '+49 151 2',
      credit_limit: '1.250,50',
      balance_trigger: '',
    };
    values.shop_timings.tue = { open: true, from: '09:00', to: '18:00' };
    const body = addCustomerInput(values, 2);
    expect(body).toMatchObject({
      name: 'Neuer Kiosk',
      credit_limit: '1250.50',
      balance_trigger: null,
      password: undefined,
      shop_timings: { tue: { open: '09:00', close: '18:00' }, mon: null },
    });
    expect(addCustomerBody.safeParse(body).success).toBe(true);
  });

  it("leaves a shop's fields out for a reseller and its host out for a shop", () => {
    const values = { ...customerFormValues(null, []), name: 'R', username: 'reseller-2', email: 'r@example.com' };
    expect(addCustomerInput({ ...values, sub_domain: 'r.example.com' }, 1)).toMatchObject({
      sub_domain: 'r.example.com',
    });
    expect(addCustomerInput(values, 1)).not.toHaveProperty('shop_timings');
    expect(addCustomerInput({ ...values, sub_domain: 'r.example.com' }, 2)).not.toHaveProperty('sub_domain');
  });

  it('round-trips an existing customer into an edit the contract accepts', () => {
    const values = customerFormValues(details, []);
    expect(values.mobile_confirmation).toBe(details.mobile);
    expect(values.shop_timings.mon).toEqual({ open: true, from: '08:00', to: '20:00' });
    expect(values.lunch).toEqual({ open: true, from: '12:00', to: '13:00' });
    const body = editCustomerInput(values, 2, 7);
    expect(body).toMatchObject({
      customer_id: 7,
      credit_limit: '500.00',
      balance_trigger: '50.00',
      discount_slab_id: 3,
      holidays: ['2026-12-25'],
      lunch: { from: '12:00', to: '13:00' },
      terminal_limit: 2,
      mask_seller_discount: true,
    });
    expect(editCustomerBody.safeParse(body).success).toBe(true);
  });

  it('clears the slab and the lunch break when they are switched off', () => {
    const values = { ...customerFormValues(details, []), discount_slab_id: '' };
    values.lunch = { ...values.lunch, open: false };
    expect(editCustomerInput(values, 2, 7)).toMatchObject({ discount_slab_id: null, lunch: null });
  });

  it('sends the invoice details, a cleared one as null and the IBAN without spaces in capitals', () => {
    const values = customerFormValues(details, []);
    values.legal.vat_id = '';
    values.legal.iban = 'de89 3704 0044 0532 0130 00';
    const body = editCustomerInput(values, 2, 7);
    expect(body).toMatchObject({
      legal_name: 'Kiosk Berlin GmbH',
      vat_id: null,
      iban: 'DE89370400440532013000',
      bic: null,
    });
    expect(editCustomerBody.safeParse(body).success).toBe(true);
  });

  it('sends the register entry in its parts, the legal form as its code and the GLN without spaces', () => {
    const values = customerFormValues(details, []);
    Object.assign(values.legal, {
      legal_form: 'gmbh',
      seat: ' Berlin ',
      register_court: 'Amtsgericht Charlottenburg',
      register_type: 'HRB',
      register_number: '123456 B',
      managing_directors: 'Kim Weber, Ayşe Yılmaz',
      gln: '629 1041 500213',
    });
    const body = editCustomerInput(values, 2, 7);
    expect(body).toMatchObject({
      legal_form: 'gmbh',
      seat: 'Berlin',
      register_court: 'Amtsgericht Charlottenburg',
      register_type: 'HRB',
      register_number: '123456 B',
      gln: '6291041500213',
      economic_id: null,
    });
    expect(editCustomerBody.safeParse(body).success).toBe(true);
  });

  it('refuses an IBAN whose check digits do not match, naming the field and the rule', () => {
    const values = customerFormValues(details, []);
    values.legal.iban = 'DE89 3704 0044 0532 0130 01';
    const r = editCustomerBody.safeParse(editCustomerInput(values, 2, 7));
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['iban'], params: { rule: 'iban_checksum' } })]);
  });
});
