import { updateConfigurationSlabBody } from '@portal/contract/assignments';
import { addCreditBody, multiTopupBody, updateAutoCreditBody } from '@portal/contract/credit';
import { addCustomerBody, changePasswordBody, updateCustomerApiBody } from '@portal/contract/customers';
import { changeDeviceBody } from '@portal/contract/devices';
import { productFields } from '@portal/contract/hardware';
import { stepTwoBody } from '@portal/contract/inventory-import';
import { createApiKeyBody } from '@portal/contract/partner';
import { updatePlatformDetailsBody } from '@portal/contract/platform-details';
import { addProductBody } from '@portal/contract/products';
import { registerBody } from '@portal/contract/registrations';
import { addStaffBody } from '@portal/contract/staff';
import { activateTerminalBody } from '@portal/contract/terminals';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, INVENTORY_MESSAGES, PRODUCT_MESSAGES, zodValidate } from './zod-form.ts';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;
const valid = {
  product_name: 'Card',
  product_type: 'cash_card',
  pin_length: 12,
  customer_care: '',
  instructions: '',
  configurations: [{ value: '10', info: '' }],
};

describe('zodValidate', () => {
  it('passes what the contract accepts', () => {
    expect(zodValidate(addProductBody, t, { messages: PRODUCT_MESSAGES })(valid)).toEqual({});
  });

  it('names each refused field with its translated rule, as the server would refuse it', () => {
    const errors = zodValidate(addProductBody, t, { messages: PRODUCT_MESSAGES })({
      ...valid,
      product_name: '',
      pin_length: 2,
      configurations: [
        { value: '10', info: '' },
        { value: '0', info: '' },
      ],
    });
    expect(errors).toEqual({
      product_name: 't:products.validation.required',
      pin_length: 't:products.validation.pinLength',
      'configurations.1.value': 't:products.validation.value',
    });
    expect(zodValidate(addProductBody, t, { messages: PRODUCT_MESSAGES })({ ...valid, configurations: [] })).toEqual({
      configurations: 't:products.validation.configurations',
    });
    expect(
      zodValidate(addProductBody, t, { messages: PRODUCT_MESSAGES })({ ...valid, product_type: 'voucher' }),
    ).toEqual({
      product_type: 't:errors.validation',
    });
  });

  it("refuses an import mapping by the server's rules, with the import form's messages", () => {
    const mapping = { import_id: 1, pin_sequence: 1, has_header: 1, buying_discount: '5' };
    expect(
      zodValidate(stepTwoBody, t, { messages: INVENTORY_MESSAGES })({
        ...mapping,
        configuration_id: 2,
        supplier_id: 3,
      }),
    ).toEqual({});
    expect(
      zodValidate(stepTwoBody, t, { messages: INVENTORY_MESSAGES })({
        ...mapping,
        configuration_id: 0,
        supplier_id: 0,
        buying_discount: '-1',
      }),
    ).toEqual({
      configuration_id: 't:inventory.validation.required',
      supplier_id: 't:inventory.validation.required',
      buying_discount: 't:inventory.validation.buyingDiscount',
    });
  });
});

describe('zodValidate with the credit forms', () => {
  const tr = ((key: string) => `t:${key}`) as unknown as TFunction;

  it("shows the contract's named amount and customer rules in the user's language", () => {
    const check = zodValidate(addCreditBody, tr);
    expect(check({ customer_id: 3, type: 'credit', amount: '10' })).toEqual({});
    expect(check({ customer_id: 0, type: 'credit', amount: '' })).toEqual({
      customer_id: 't:form.customerRequired',
      amount: 't:form.amountRequired',
    });
    expect(check({ customer_id: 3, type: 'credit', amount: '1.23456' })).toEqual({ amount: 't:form.amountFormat' });
    expect(check({ customer_id: 3, type: 'credit', amount: '0' })).toEqual({ amount: 't:form.amountPositive' });
  });

  it('puts a multi top-up refusal on the row it names', () => {
    const check = zodValidate(multiTopupBody, tr, { field: (path) => path.replace(/^customers\./, 'rows.') });
    const rows = (second: { customer_id: number; amount: string }) => ({
      type: 'credit',
      customers: [{ customer_id: 3, amount: '10' }, second],
    });
    expect(check(rows({ customer_id: 4, amount: '5' }))).toEqual({});
    expect(check(rows({ customer_id: 0, amount: '-1' }))).toEqual({
      'rows.1.customer_id': 't:form.customerRequired',
      'rows.1.amount': 't:form.amountFormat',
    });
  });

  it('asks for both auto-credit amounts only while auto credit is on', () => {
    const check = zodValidate(updateAutoCreditBody, tr);
    expect(check({ customer_id: 3, auto_credit: false })).toEqual({});
    expect(check({ customer_id: 3, auto_credit: true })).toEqual({
      balance_trigger: 't:form.amountRequired',
      balance_topup: 't:form.amountRequired',
    });
    expect(check({ customer_id: 3, auto_credit: true, balance_trigger: '0', balance_topup: '0' })).toEqual({
      balance_topup: 't:form.amountPositive',
    });
  });
});

describe('zodValidate with the forms of users, shops, slabs, devices and hardware', () => {
  const tr = ((key: string) => `t:${key}`) as unknown as TFunction;

  it('checks a new user by addStaffBody: format texts, the password rule, the invitation rule', () => {
    const check = zodValidate(addStaffBody, tr, { messages: CONTACT_MESSAGES });
    expect(check({ username: 'new.user', name: 'New', password: 'Secret#123' })).toEqual({});
    expect(check({ username: 'ab', name: '', email: 'not-mail', mobile: 'x', password: 'short' })).toEqual({
      username: 't:form.usernameFormat',
      name: 't:form.required',
      email: 't:form.email',
      mobile: 't:form.phone',
      password: 't:form.password',
    });
    expect(check({ username: 'new.user', name: 'New', email: null, mobile: null })).toEqual({
      email: 't:staff.inviteNeedsContact',
    });
  });

  it('checks a registration by registerBody, its address and mobile confirmation included', () => {
    const check = zodValidate(registerBody, tr, { messages: CONTACT_MESSAGES });
    const valid = {
      shop_name: 'Kiosk',
      contact_name: 'Ayşe',
      username: 'kiosk',
      email: 'kiosk@example.com',
      mobile: '+49 151 1',
      mobile_confirmation: '+49 151 1',
      address: { address: 'Hauptstraße', house_no: '1', postal: '10115', city: 'Berlin' },
    };
    expect(check(valid)).toEqual({});
    expect(
      check({ ...valid, email: '', mobile_confirmation: '+49 151 2', address: { ...valid.address, city: ' ' } }),
    ).toEqual({
      email: 't:form.required',
      'address.city': 't:form.required',
      mobile_confirmation: 't:form.mobileMismatch',
    });
  });

  it("shows a slab's refused discount by the contract's discount rules", () => {
    const check = zodValidate(updateConfigurationSlabBody, tr);
    const items = (discount: string) => ({
      discount_slab_id: 1,
      name: 'S',
      items: [{ configuration_id: 7, discount }],
    });
    expect(check(items('5.5'))).toEqual({});
    expect(check(items('-1'))).toEqual({ 'items.0.discount': 't:form.discountNegative' });
    expect(check(items('101'))).toEqual({ 'items.0.discount': 't:form.discountFormat' });
    expect(check({ discount_slab_id: 1, name: '', items: [] })).toEqual({ name: 't:form.required' });
  });

  it('checks devices, terminal ids, hardware and API keys by their own contract schemas', () => {
    const device = zodValidate(changeDeviceBody, tr, { messages: { tag: 'devices.required' } });
    expect(device({ action: 'add', tag: ' ', serial_no: 'S1', status: 'active', reseller_id: null })).toEqual({
      tag: 't:devices.required',
    });
    const terminal = zodValidate(activateTerminalBody, tr, {
      messages: { terminal_id: 'customers.terminals.idRule', 'terminal_id.required': 'form.required' },
    });
    expect(terminal({ terminal_id: 'AB12', is_active: 1 })).toEqual({});
    expect(terminal({ terminal_id: '', is_active: 1 })).toEqual({ terminal_id: 't:form.required' });
    expect(terminal({ terminal_id: 'AB-12', is_active: 1 })).toEqual({ terminal_id: 't:customers.terminals.idRule' });
    const product = zodValidate(productFields, tr, { messages: { product_name: 'hardware.nameRequired' } });
    expect(product({ category_id: 1, product_name: '', price: '0', stock: '1' })).toEqual({
      product_name: 't:hardware.nameRequired',
      price: 't:form.amountPositive',
    });
    const key = zodValidate(createApiKeyBody, tr, { messages: { user_id: 'form.required' } });
    expect(key({ name: '', user_id: 0 })).toEqual({ name: 't:form.required', user_id: 't:form.required' });
  });
});

describe('zodValidate with the customer panels and the platform details', () => {
  const tr = ((key: string) => `t:${key}`) as unknown as TFunction;

  it('checks a password change and its confirmation by changePasswordBody', () => {
    const check = zodValidate(changePasswordBody, tr);
    expect(check({ username: 'shop', new_password: 'Secret#123', confirm_password: 'Secret#123' })).toEqual({});
    expect(check({ username: 'shop', new_password: 'weak', confirm_password: 'weak' })).toEqual({
      new_password: 't:form.password',
    });
    expect(check({ username: 'shop', new_password: 'Secret#123', confirm_password: 'Secret#124' })).toEqual({
      confirm_password: 't:form.passwordMismatch',
    });
  });

  it('names the refused IP address and the callback rule of the API settings', () => {
    const check = zodValidate(updateCustomerApiBody, tr, {
      messages: CONTACT_MESSAGES,
      field: (path) => path.replace(/^api_allowed_ips\.\d+$/, 'api_allowed_ips'),
    });
    expect(
      check({
        customer_id: 1,
        api_enabled: true,
        api_allowed_ips: ['10.0.0.1', '10.0.0.300'],
        api_callback_url: 'http://x.de',
      }),
    ).toEqual({ api_allowed_ips: 't:form.ipAddress', api_callback_url: 't:form.httpsUrl' });
    expect(
      check({ customer_id: 1, api_enabled: true, api_callback_url: 'https://shop:secret@hooks.example.com/in' }),
    ).toEqual({ api_callback_url: 't:errors.rules.url_credentials' });
  });

  it("checks the platform's legal data by updatePlatformDetailsBody", () => {
    const check = zodValidate(updatePlatformDetailsBody, tr, { messages: CONTACT_MESSAGES });
    expect(check({ name: 'Platform', vat_id: 'DE123456789', iban: null, bic: null })).toEqual({});
    expect(check({ name: '', email: 'x', vat_id: '123', iban: 'DE00', bic: 'X' })).toEqual({
      name: 't:form.required',
      email: 't:form.email',
      vat_id: 't:form.vatId',
      iban: 't:form.iban',
      bic: 't:form.bic',
    });
  });
});

describe('zodValidate with the customer form', () => {
  const tr = ((key: string) => `t:${key}`) as unknown as TFunction;
  const check = zodValidate(addCustomerBody, tr, { messages: CONTACT_MESSAGES });
  const shop = { name: 'Kiosk', username: 'kiosk', email: 'kiosk@example.com', credit_limit: '0' };

  it('asks for a way to send the invitation when no password is given', () => {
    expect(check(shop)).toEqual({});
    expect(check({ ...shop, email: undefined })).toEqual({ email: 't:staff.inviteNeedsContact' });
  });

  it("names the contract's format and order rules of the shop's details", () => {
    expect(
      check({
        ...shop,
        sub_domain: 'not a host',
        sms_sender_id: 'Far too long a name',
        alternative_mobiles: ['+49 151 1', 'x'],
        shop_timings: { mon: { open: '18:00', close: '09:00' } },
        lunch: { from: '13:00', to: '12:00' },
        credit_limit: '1,5',
      }),
    ).toEqual({
      sub_domain: 't:form.hostName',
      sms_sender_id: 't:form.smsSenderId',
      'alternative_mobiles.1': 't:form.phone',
      'shop_timings.mon': 't:form.timeOrder',
      lunch: 't:form.timeOrder',
      credit_limit: 't:form.amountFormat',
    });
  });
});
