import { useEffect, useRef } from 'react';
import { useSettings } from '../../lib/settings.ts';
import type { PurchaseOutcome } from './purchase.ts';

/**
 * The print dialog opens by itself once per purchase when the user asked for it (show_print_popup): once for the
 * denomination the dialog was opened for (`openedFor`), whatever renders follow, and again for the next one.
 */
export function useAutoPrint(outcome: PurchaseOutcome | null, openedFor: unknown) {
  const settings = useSettings();
  const printed = useRef(false);
  useEffect(() => {
    if (openedFor) printed.current = false;
  }, [openedFor]);
  useEffect(() => {
    if (outcome && outcome.receipts.length > 0 && settings.show_print_popup === 1 && !printed.current) {
      printed.current = true;
      window.setTimeout(() => window.print(), 50);
    }
  }, [outcome, settings.show_print_popup]);
}
