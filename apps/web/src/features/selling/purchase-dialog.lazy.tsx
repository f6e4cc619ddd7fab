import { lazy, Suspense } from 'react';
import type { PurchaseTarget } from './purchase-dialog.tsx';

/**
 * The purchase dialog brings the receipts, printing and downloads with it: loaded when the counter screen first
 * renders rather than before it, so the screen paints sooner and the dialog is there long before the first click.
 */
const Dialog = lazy(() => import('./purchase-dialog.tsx').then((m) => ({ default: m.PurchaseDialog })));

export function LazyPurchaseDialog(props: { target: PurchaseTarget | null; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
