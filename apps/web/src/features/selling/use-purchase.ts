import { useCallback, useState } from 'react';
import { api } from '../../lib/api.ts';
import { setUser, useSession } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings.ts';
import { storage } from '../../lib/storage.ts';
import { fetchUserInfo } from '../auth/auth.queries.ts';
import { type PurchaseOutcome, type PurchaseTransport, purchase, resumePurchase } from './purchase.ts';
import { useInvalidateAfterPurchase } from './selling.queries.ts';

const transport: PurchaseTransport = {
  transactionKey: () => api.get('/get_transaction_session_key/').then((d) => d.transaction_key),
  send: (request) => api.call(request.path, request.body),
};

export type PurchaseState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'finished'; outcome: PurchaseOutcome };

/**
 * Runs purchases for the screens and, after every purchase (failed ones too, spec section 7), refreshes the user
 * details, the balance and the stock shown.
 */
export function usePurchase() {
  const { user } = useSession();
  const settings = useSettings();
  const invalidate = useInvalidateAfterPurchase();
  const [state, setState] = useState<PurchaseState>({ phase: 'idle' });

  const refresh = useCallback(async () => {
    await Promise.all([
      fetchUserInfo().then(setUser, () => undefined),
      user ? invalidate(user.customer_id) : undefined,
    ]);
  }, [invalidate, user]);

  const buy = useCallback(
    async (configuration: number, quantity: number) => {
      setState({ phase: 'running', done: 0, total: quantity });
      const outcome = await purchase({
        configuration,
        quantity,
        downloadCsv: settings.download_csv === 1,
        transport,
        store: storage,
        onProgress: (done, total) => setState({ phase: 'running', done, total }),
      });
      setState({ phase: 'finished', outcome });
      await refresh();
      return outcome;
    },
    [settings.download_csv, refresh],
  );

  const retry = useCallback(async () => {
    setState({ phase: 'running', done: 0, total: 0 });
    const outcome = await resumePurchase({ transport, store: storage });
    if (outcome) setState({ phase: 'finished', outcome });
    else setState({ phase: 'idle' });
    await refresh();
    return outcome;
  }, [refresh]);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, buy, retry, reset };
}
