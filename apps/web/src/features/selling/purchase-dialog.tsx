import { Modal } from '@mantine/core';
import type { SellerConfiguration, SellerProduct } from '@portal/contract/selling';
import { useEffect } from 'react';
import { useFormatters } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useBalance } from '../credit/balance.queries.ts';
import { PurchaseResult } from './purchase-result.tsx';
import { QuantityStep, useQuantityForm } from './quantity-step.tsx';
import { useAutoPrint } from './use-auto-print.ts';
import { usePurchase } from './use-purchase.ts';

export interface PurchaseTarget {
  product: Pick<SellerProduct, 'product_id' | 'product_name' | 'product_type'>;
  configuration: Pick<SellerConfiguration, 'configuration_id' | 'value' | 'info' | 'price' | 'available'>;
}

/**
 * Buying one denomination: the quantity step (quantity-step.tsx) until the purchase has an outcome, then its result
 * (purchase-result.tsx: receipts with their print button, the download link or the refusal in words the seller
 * understands). The dialog holds the purchase and the quantity, so each starts afresh for a new denomination.
 */
export function PurchaseDialog({ target, onClose }: { target: PurchaseTarget | null; onClose: () => void }) {
  const { money } = useFormatters();
  const { user } = useSession();
  // Asked as the products screen opens (the dialog is mounted with it, hidden), so the balance is there when the seller
  // picks a denomination: the quantity step reads it from the cache, and the screen's early /dynamic_balance/ is taken.
  useBalance(user?.customer_id ?? 0);
  const { state, buy, retry, reset } = usePurchase();
  const quantityForm = useQuantityForm(target?.configuration.available ?? 0);
  const resetQuantity = quantityForm.form.reset;
  const running = state.phase === 'running';
  const outcome = state.phase === 'finished' ? state.outcome : null;

  useEffect(() => {
    if (target) {
      resetQuantity();
      reset();
    }
  }, [target, reset, resetQuantity]);
  useAutoPrint(outcome, target);

  // The dialog goes by unmounting, which skips Mantine's focus return: focus goes back to the button that opened it.
  useEffect(() => {
    if (!target) return;
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, [target]);

  if (!target) return null;
  return (
    <Modal
      opened
      onClose={() => !running && onClose()}
      title={`${target.product.product_name} · ${money(target.configuration.value)}`}
      size={outcome?.receipts.length ? 'xl' : 'md'}
      closeOnClickOutside={!running}
      withCloseButton={!running}
    >
      {!outcome && (
        <QuantityStep
          configuration={target.configuration}
          quantityForm={quantityForm}
          progress={state.phase === 'running' ? state : null}
          onBuy={(quantity) => buy(target.configuration.configuration_id, quantity)}
        />
      )}
      {outcome && <PurchaseResult outcome={outcome} running={running} onRetry={() => retry()} onClose={onClose} />}
    </Modal>
  );
}
