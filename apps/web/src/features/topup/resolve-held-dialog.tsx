import { Modal, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { HeldResolution, PendingTopup } from '@portal/contract/topup';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { ApiForm } from '../../ui/form-kit.tsx';
import { useResolveHeldTopup } from './topup.queries.ts';

/**
 * The superadmin's decision on a held top-up, confirmed before it is sent (decision 0080, "Held sales"): settled as
 * failed gives the reservation back without asking the provider; followed makes the provider's transaction the sale's.
 */
export function ResolveHeldDialog({
  sale,
  resolution,
  onClose,
}: {
  sale: PendingTopup;
  resolution: HeldResolution;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const resolve = useResolveHeldTopup();
  const form = useForm({ initialValues: {} });
  const which = resolution === 'failed' ? 'fail' : 'follow';
  return (
    <Modal opened onClose={onClose} title={t(`topup.pending.resolve.${which}Title`)}>
      <ApiForm
        form={form}
        mutation={resolve}
        toInput={() => ({ sale_id: sale.sale_id, resolution })}
        onSuccess={(r) => {
          notify({
            color: 'teal',
            message: t('topup.pending.resolve.done', { status: t(`topup.statuses.${r.status}`) }),
          });
          onClose();
        }}
        submitLabel={t(`topup.pending.resolve.${which}`)}
        danger={resolution === 'failed'}
        onCancel={onClose}
      >
        <Text size="sm">
          {sale.customer_name} · {sale.mobile_number} · {sale.product_name}
        </Text>
        <Text size="sm">{t(`topup.pending.resolve.${which}Text`)}</Text>
      </ApiForm>
    </Modal>
  );
}
