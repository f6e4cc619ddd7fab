import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { ConfirmSaleDialog } from '../confirm-sale-dialog.tsx';
import { type TopupSale, useSendTopup, type useTopupProducts } from '../topup.queries.ts';

/** The top-up's details to check before it is sent, with what the number receives. */
export function ConfirmDialog({
  mobile,
  product,
  operatorName,
  onClose,
  onSent,
}: {
  mobile: string;
  product: NonNullable<ReturnType<typeof useTopupProducts>['data']>[number];
  operatorName: string;
  onClose: () => void;
  onSent: (key: string, sale: TopupSale) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const send = useSendTopup(user?.customer_id);
  return (
    <ConfirmSaleDialog
      title={t('topup.confirmTitle')}
      text={t('topup.confirmText')}
      confirmLabel={t('topup.confirm')}
      mobile={mobile}
      operatorName={operatorName}
      product={product}
      extra={
        product.destination_amount && (
          <Text size="sm">
            {t('topup.receives')}: {product.destination_amount} {product.destination_unit}
          </Text>
        )
      }
      send={send}
      onClose={onClose}
      onSent={onSent}
    />
  );
}
