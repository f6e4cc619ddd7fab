import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { askToConfirm } from '../../ui/confirm-action.tsx';
import { useUpdateCustomerStatus } from './customers.queries.ts';

/**
 * Switching a customer on or off (`/customers/view` and the customer's details). Deactivating signs out the
 * customer's users and, for a reseller, its shops' (the sign-in check reads the parent's flag): it asks first with
 * the number of shops and users it stops, from the server's own count, and the toast offers to switch it back on.
 * Switching on harms nobody and happens at once.
 */
export function useCustomerStatusChange() {
  const { t } = useTranslation();
  const status = useUpdateCustomerStatus();
  const [asking, setAsking] = useState<number | null>(null);

  async function change(customer: { customer_id: number; name: string }, active: boolean) {
    const { customer_id, name } = customer;
    const activate = () => status.mutateAsync({ customer_id, is_active: 1 });
    if (active) {
      activate().then(
        () => notify({ color: 'teal', message: t('customers.activated', { name }) }),
        () => undefined, // the mutation's own error toast reports it
      );
      return;
    }
    setAsking(customer_id);
    let impact: Awaited<ReturnType<typeof fetchImpact>>;
    try {
      impact = await fetchImpact(customer_id);
    } catch (error) {
      notifyError(error);
      return;
    } finally {
      setAsking(null);
    }
    askToConfirm({
      title: t('safeActions.block.title', { name: impact.name }),
      consequence: `${
        impact.shops > 0
          ? t('safeActions.block.withShops', { name: impact.name, count: impact.shops })
          : t('safeActions.block.alone', { name: impact.name })
      } ${t('safeActions.block.signedOut', { count: impact.users })}`,
      confirmLabel: t('safeActions.block.confirm'),
      danger: true,
      run: () => status.mutateAsync({ customer_id, is_active: 0 }),
      done: {
        message: t('customers.deactivated', { name: impact.name }),
        undo: { run: activate, message: t('customers.activated', { name: impact.name }) },
      },
    });
  }

  /** The switch of this customer waits while its consequence is read or its change is on its way. */
  const busy = (customerId: number) =>
    asking === customerId || (status.isPending && status.variables?.customer_id === customerId);
  return { change, busy };
}

const fetchImpact = (customerId: number) => api.call('/customer_status_impact/', { customer_id: customerId });
