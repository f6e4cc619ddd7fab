// @vitest-environment happy-dom
import type { BulkPurchaseResult, SaleReceipt } from '@portal/contract/selling';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { DEFAULT_SETTINGS, settingsStore } from '../../lib/settings.ts';
import { renderScreen } from '../../testing/render.tsx';
import type { PurchaseOutcome } from './purchase.ts';
import { PurchaseResult } from './purchase-result.tsx';

const receipt = (sale_id: number, pins: string[]): SaleReceipt => ({
  sale_id,
  status: 'successful',
  kind: 'single',
  product: {
    product_id: 3,
    product_name: 'Vodafone CallYa',
    product_type: 'cash_card',
    product_image: null,
    customer_care: '0800 1234',
    instructions: 'Dial *100#',
  },
  configuration: { configuration_id: 31, value: '15.00', info: '' },
  quantity: pins.length,
  total_value: (15 * pins.length).toFixed(2),
  unit_price: '14.37',
  total_price: (14.37 * pins.length).toFixed(2),
  sold_at: '2026-11-20T09:15:00Z',
  sold_by: 'anna',
  shop: { name: 'Kiosk Nord', address: null },
  vat: null,
  pins: pins.map((pin, i) => ({ pin_id: sale_id * 100 + i, pin, serial: null, lot: 'L1' })),
});
const outcome = (o: Partial<PurchaseOutcome>): PurchaseOutcome => ({
  receipts: [],
  download: null,
  bought: 0,
  error: null,
  unresolved: null,
  ...o,
});

async function result(o: PurchaseOutcome, handlers: { onRetry?: () => void; onClose?: () => void } = {}) {
  await renderScreen(
    <PurchaseResult
      outcome={o}
      running={false}
      onRetry={handlers.onRetry ?? (() => undefined)}
      onClose={handlers.onClose ?? (() => undefined)}
    />,
    { url: '/seller/dashboard' },
  );
}

describe('PurchaseResult', () => {
  it('says how many PINs were bought and shows one receipt per PIN with a print button; the focus lands on it', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await result(outcome({ receipts: [receipt(7, ['1111-2222', '3333-4444'])], bought: 2 }));
    expect(screen.getByText('2 PINs bought.')).toBeTruthy();
    const slips = within(screen.getByTestId('receipts')).getAllByTestId('receipt-pin');
    expect(slips.map((s) => s.textContent)).toEqual(['1111-2222', '3333-4444']);
    expect(document.activeElement).toBe(screen.getByTestId('purchase-outcome'));
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('prints the steps of one purchase as one receipt when the user merges receipts', async () => {
    settingsStore.set({ ...DEFAULT_SETTINGS, merge_receipts: 1 });
    await result(outcome({ receipts: [receipt(7, ['A-1', 'A-2']), receipt(8, ['B-1'])], bought: 3 }));
    const slips = within(screen.getByTestId('receipts')).getAllByTestId('receipt');
    expect(slips).toHaveLength(1);
    expect(
      within(slips[0]!)
        .getAllByTestId('receipt-pin')
        .map((p) => p.textContent),
    ).toEqual(['A-1', 'A-2', 'B-1']);
  });

  it('links to the download of a bulk purchase', async () => {
    const download = { download_id: 'dl-42', quantity: 40 } as BulkPurchaseResult;
    await result(outcome({ download, bought: 40 }));
    await userEvent.click(screen.getByRole('link', { name: 'Open download' }));
    expect(screen.getByTestId('address').textContent).toBe('/download/dl-42');
  });

  it('shows what was bought before a refusal stopped the purchase, and closes on Close', async () => {
    const onClose = vi.fn();
    await result(
      outcome({
        receipts: [receipt(7, ['1111-2222'])],
        bought: 1,
        error: new ApiError('out_of_stock', 'Out of stock', 409),
      }),
      { onClose },
    );
    expect(screen.getByText('1 PIN bought.')).toBeTruthy();
    expect(screen.getByTestId('purchase-error').textContent).toContain('Not enough stock available.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
