// @vitest-environment happy-dom
import { ROLE } from '@portal/contract/roles';
import type { SaleReceipt } from '@portal/contract/selling';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formattersFor } from '../../lib/format.ts';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { renderScreen, testUser } from '../../testing/render.tsx';
import { PurchaseDialog, type PurchaseTarget } from './purchase-dialog.tsx';

const target: PurchaseTarget = {
  product: { product_id: 3, product_name: 'Vodafone CallYa', product_type: 'cash_card' },
  configuration: { configuration_id: 31, value: '15.00', info: '', price: '14.37', available: 40 },
};
const seller = testUser(ROLE.seller);

function receipt(quantity: number): SaleReceipt {
  return {
    sale_id: 9041,
    status: 'successful',
    kind: 'single',
    product: { ...target.product, product_image: null, customer_care: '0800 1234', instructions: '' },
    configuration: { configuration_id: 31, value: '15.00', info: '' },
    quantity,
    total_value: '45.00',
    unit_price: '14.37',
    total_price: '43.11',
    sold_at: '2026-11-20T09:15:00Z',
    sold_by: 'anna',
    shop: { name: 'Kiosk Nord', address: null },
    vat: null,
    pins: Array.from({ length: quantity }, (_, i) => ({ pin_id: i + 1, pin: `PIN-${i + 1}`, serial: null, lot: 'L1' })),
  };
}

async function dialog(sale: FakeAnswer | ((body: unknown) => FakeAnswer)) {
  vi.stubGlobal('print', vi.fn());
  const api = fakeApi({
    '/dynamic_balance/': {
      data: { balance: '250.00', outstanding_credit: '0.00', credit_limit: '0.00', currency: 'EUR' },
    },
    '/get_transaction_session_key/': { data: { transaction_key: 'key-1' } },
    '/add_transaction_v3/': sale,
    '/auth_check/': { data: seller },
  });
  const onClose = vi.fn();
  await renderScreen(<PurchaseDialog target={target} onClose={onClose} />, { user: seller });
  return { api, onClose };
}

describe('PurchaseDialog', () => {
  it('buys the quantity typed with a transaction key and shows the receipts', async () => {
    const { api } = await dialog((body) => ({ data: receipt((body as { quantity: number }).quantity) }));
    const modal = screen.getByRole('dialog', { name: `Vodafone CallYa · ${formattersFor('en').money('15.00')}` });
    const field = within(modal).getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await userEvent.click(within(modal).getByRole('button', { name: 'Buy now (3)' }));

    expect(await screen.findByText('3 PINs bought.')).toBeTruthy();
    expect(api.sent('/add_transaction_v3/')).toEqual([{ transaction_key: 'key-1', configuration: 31, quantity: 3 }]);
    expect(
      within(screen.getByTestId('receipts'))
        .getAllByTestId('receipt-pin')
        .map((p) => p.textContent),
    ).toEqual(['PIN-1', 'PIN-2', 'PIN-3']);
    // The quantity step is gone; the user details are loaded again after the purchase (spec section 7).
    expect(screen.queryByRole('textbox', { name: 'Quantity' })).toBeNull();
    expect(api.sent('/auth_check/')).toHaveLength(1);
  });

  it('shows the server’s refusal translated, and closes on Close', async () => {
    const { onClose } = await dialog({ refusal: 'insufficient_balance', status: 409 });
    await userEvent.click(screen.getByRole('button', { name: 'Buy now (1)' }));
    expect((await screen.findByTestId('purchase-error')).textContent).toBe(
      'Purchase failedYour balance is not sufficient.',
    );
    expect(screen.queryByTestId('receipts')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
