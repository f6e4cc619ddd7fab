// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { PurchaseRefusal } from './purchase-refusal.tsx';

describe('PurchaseRefusal', () => {
  it('says why the purchase was refused, translated from its code, with nothing to send again', async () => {
    const refusal = new ApiError('insufficient_balance', 'Insufficient balance', 409);
    await renderScreen(
      <PurchaseRefusal error={refusal} unresolved={false} running={false} onRetry={() => undefined} />,
    );
    const alert = screen.getByTestId('purchase-error');
    expect(alert.textContent).toBe('Purchase failedYour balance is not sufficient.');
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('offers to send a purchase again whose answer never came', async () => {
    const onRetry = vi.fn();
    await renderScreen(
      <PurchaseRefusal
        error={new ApiError('network', 'Failed to fetch', 0)}
        unresolved
        running={false}
        onRetry={onRetry}
      />,
    );
    expect(
      screen.getByText(
        'The connection was lost before an answer came. Send the purchase again: it will not be charged twice.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
