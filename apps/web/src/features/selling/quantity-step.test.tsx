// @vitest-environment happy-dom
import { ROLE } from '@portal/contract/roles';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formattersFor } from '../../lib/format.ts';
import { settingsStore } from '../../lib/settings.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen, testUser } from '../../testing/render.tsx';
import { QuantityStep, useQuantityForm } from './quantity-step.tsx';

const { money } = formattersFor('en');

function Step(props: {
  available?: number;
  price?: string | null;
  progress?: { done: number; total: number } | null;
  onBuy?: (quantity: number) => void;
}) {
  const quantityForm = useQuantityForm(props.available ?? 40);
  return (
    <QuantityStep
      configuration={{
        info: 'Valid for 12 months',
        price: props.price === undefined ? '14.37' : props.price,
        available: props.available ?? 40,
      }}
      quantityForm={quantityForm}
      progress={props.progress ?? null}
      onBuy={props.onBuy ?? (() => undefined)}
    />
  );
}

async function step(props: Parameters<typeof Step>[0] = {}, balance = '100.00') {
  fakeApi({
    '/dynamic_balance/': { data: { balance, outstanding_credit: '0.00', credit_limit: '0.00', currency: 'EUR' } },
  });
  await renderScreen(<Step {...props} />, { user: testUser(ROLE.seller) });
  return screen.getByRole('textbox', { name: 'Quantity' });
}

const buyButton = () => screen.getByRole('button', { name: /^Buy now/ });

describe('QuantityStep', () => {
  it('shows what the quantity costs and how many the shop’s balance buys', async () => {
    const field = await step();
    expect(screen.getByText('Valid for 12 months')).toBeTruthy();
    expect(screen.getByText('Available: 40')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    expect(screen.getByText('You pay').nextElementSibling?.textContent).toBe(money('43.11'));
    // 100.00 / 14.37 = 6.96: six PINs.
    expect((await screen.findByTestId('buy-balance')).textContent).toBe(
      `Your balance${money('100.00')} · enough for 6`,
    );
    expect(buyButton().textContent).toBe('Buy now (3)');
  });

  it('buys the quantity typed, by the button or by Enter', async () => {
    const onBuy = vi.fn();
    const field = await step({ onBuy });
    await userEvent.clear(field);
    await userEvent.type(field, '7{Enter}');
    expect(onBuy).toHaveBeenLastCalledWith(7);
    await userEvent.click(buyButton());
    expect(onBuy).toHaveBeenCalledTimes(2);
  });

  it('names the range and waits for a quantity it can buy, capped by the stock', async () => {
    const onBuy = vi.fn();
    const field = await step({ available: 12, onBuy });
    await userEvent.clear(field);
    await userEvent.type(field, '13');
    expect(screen.getByText('Please enter a quantity from 1 to 12')).toBeTruthy();
    expect(buyButton().hasAttribute('disabled')).toBe(true);
    fireEvent.submit(field.closest('form')!);
    expect(onBuy).not.toHaveBeenCalled();
  });

  it('says how a larger purchase is made: in steps of 20, or as a file', async () => {
    const field = await step({ available: 100 });
    await userEvent.clear(field);
    await userEvent.type(field, '25');
    expect(screen.getByText('The purchase is made in 2 steps of at most 20 PINs.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '31');
    expect(screen.getByText('The PINs will be prepared as a file (CSV and PDF) to download.')).toBeTruthy();
    // A user who downloads PINs as CSV gets a file whatever the quantity.
    settingsStore.set({ ...settingsStore.get(), download_csv: 1 });
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    expect(screen.getByText('The PINs will be prepared as a file (CSV and PDF) to download.')).toBeTruthy();
  });

  it('shows neither price nor balance to staff whose prices are masked', async () => {
    await step({ price: null });
    await waitFor(() => expect(screen.queryByText('You pay')).toBeNull());
    expect(screen.queryByTestId('buy-balance')).toBeNull();
  });

  it('shows the progress while the purchase runs, and buys nothing twice meanwhile', async () => {
    const onBuy = vi.fn();
    const field = await step({ progress: { done: 20, total: 25 }, onBuy });
    expect(screen.getByText('20 of 25 bought …')).toBeTruthy();
    expect(field.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(field.closest('form')!);
    expect(onBuy).not.toHaveBeenCalled();
  });
});
