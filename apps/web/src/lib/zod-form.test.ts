import { stepTwoBody } from '@portal/contract/inventory';
import { addProductBody } from '@portal/contract/products';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { zodValidate } from './zod-form.ts';

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
    expect(zodValidate(addProductBody, t)(valid)).toEqual({});
  });

  it('names each refused field with its translated rule, as the server would refuse it', () => {
    const errors = zodValidate(
      addProductBody,
      t,
    )({
      ...valid,
      product_name: '',
      pin_length: 2,
      configurations: [
        { value: '10', info: '' },
        { value: '0', info: '' },
      ],
    });
    expect(errors).toEqual({
      product_name: 't:catalogue.validation.required',
      pin_length: 't:catalogue.validation.pinLength',
      'configurations.1.value': 't:catalogue.validation.value',
    });
    expect(zodValidate(addProductBody, t)({ ...valid, configurations: [] })).toEqual({
      configurations: 't:catalogue.validation.configurations',
    });
    expect(zodValidate(addProductBody, t)({ ...valid, product_type: 'voucher' })).toEqual({
      product_type: 't:errors.validation',
    });
  });

  it("refuses an import mapping by the server's rules, with the import form's messages", () => {
    const mapping = { import_id: 1, pin_sequence: 1, has_header: 1, buying_discount: '5' };
    expect(zodValidate(stepTwoBody, t)({ ...mapping, configuration_id: 2, supplier_id: 3 })).toEqual({});
    expect(
      zodValidate(stepTwoBody, t)({ ...mapping, configuration_id: 0, supplier_id: 0, buying_discount: '-1' }),
    ).toEqual({
      configuration_id: 't:catalogue.validation.required',
      supplier_id: 't:catalogue.validation.required',
      buying_discount: 't:catalogue.validation.buyingDiscount',
    });
  });
});
