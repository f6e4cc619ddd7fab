/**
 * What each partner call answers, as the OpenAPI document shows it to an integrator (values as the demo data
 * would give them). `partner.routes.test.ts` validates every example against the schema it illustrates.
 */

const answer = <T>(data: T) => ({ message_type: 1 as const, message: 'Success', data });
const filters = (total: number) => ({ page: 1, limit: 20, total_count: total, total_pages: Math.ceil(total / 20) });

const product = {
  product_id: 3,
  product_name: 'Prepaid 10',
  product_type: 'cash_card',
  product_image: null,
  customer_care: '0800 123456',
  instructions: 'Dial *100*PIN#',
} as const;
const receipt = {
  sale_id: 4711,
  status: 'successful',
  kind: 'single',
  product,
  configuration: { configuration_id: 12, value: '10.00', info: '' },
  quantity: 1,
  total_value: '10.00',
  unit_price: '9.70',
  total_price: '9.70',
  sold_at: '2026-11-26T09:30:00.000Z',
  sold_by: 'till-user',
  shop: { name: 'Demo Shop Berlin', address: null },
  vat: null,
} as const;
const pins = [{ pin_id: 90210, pin: '1234567890123456', serial: 'SN-1', lot: 'LOT-7' }];
const topup = {
  sale_id: 812,
  created_at: '2026-11-26T09:30:00.000Z',
  status: 'pending',
  provider_status: 'CONFIRMED',
  product_id: 5000,
  product_name: 'Turkcell 5 EUR',
  operator_name: 'Turkcell',
  country_iso_code: 'TUR',
  mobile_number: '+905321234100',
  face_value: '150.00',
  face_currency: 'TRY',
  retail_price: '5.00',
  seller_price: '4.90',
  user_id: 7,
  username: 'till-user',
  operator_reference: null,
  final_at: null,
} as const;
const turkcell = { id: 1821, name: 'Turkcell', country_iso_code: 'TUR', country_name: 'Turkey' };

export const PARTNER_EXAMPLES = {
  products: answer({
    products: [
      {
        ...product,
        pin_length: 16,
        configuration_id: 12,
        value: '10.00',
        info: '',
        price: '9.70',
        discount: '3.00',
        in_stock: 1,
        available: 480,
        favourite: 0,
      },
    ],
    filters: filters(1),
  }),
  purchase: answer({ ...receipt, pins }),
  bulkPurchase: answer({
    ...receipt,
    sale_id: 4712,
    kind: 'bulk',
    quantity: 250,
    total_value: '2500.00',
    total_price: '2425.00',
    download_id: '0f8e2a44-6c1d-4b7e-9a35-2d9c4e1b7f60',
  }),
  sale: answer({ ...receipt, pins, reprinted_at: '2026-11-26T09:31:05.000Z' }),
  balance: answer({ balance: '1250.40', outstanding_credit: '0.00', credit_limit: '500.00', currency: 'EUR' }),
  ledger: answer({
    ledger: [
      {
        entry_id: 9001,
        line_id: 27014,
        created_at: '2026-11-26T09:30:00.000Z',
        kind: 'sale',
        customer_id: 41,
        customer_name: 'Demo Shop Berlin',
        account: 'balance',
        amount: '-9.70',
        balance_after: '1250.40',
        method: null,
        reference: 'sale:4711',
        memo: 'Prepaid 10 10.00 × 1',
        created_by: 'till-user',
        sale: { id: 4711, product: 'Prepaid 10', face_value: '10.00', quantity: 1 },
        provider_sale: null,
      },
    ],
    filters: filters(1),
  }),
  topupLookup: answer({
    operators: [{ ...turkcell, identified: true }],
    products: [],
    page: 1,
    per_page: 100,
    total: 0,
    total_pages: 0,
  }),
  topupProducts: answer({
    operators: [{ ...turkcell, identified: false }],
    products: [
      {
        id: 5000,
        name: 'Turkcell 5 EUR',
        description: '150 TRY airtime',
        operator_id: turkcell.id,
        operator_name: turkcell.name,
        destination_amount: '150.00',
        destination_unit: 'TRY',
        retail_price: '5.00',
        price: '4.90',
      },
    ],
    page: 1,
    per_page: 100,
    total: 1,
    total_pages: 1,
  }),
  topupSent: answer(topup),
  topupFinal: answer({
    ...topup,
    status: 'successful',
    provider_status: 'COMPLETED',
    operator_reference: 'TC-778812',
    final_at: '2026-11-26T09:30:41.000Z',
  }),
  topups: answer({ top_ups: [topup], filters: filters(1) }),
};
