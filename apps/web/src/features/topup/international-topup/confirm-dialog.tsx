import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.ts';
import { Money } from '../../../ui/money.tsx';
import { fetchTransactionKey, type TopupSale, useSendTopup, type useTopupProducts } from '../topup.queries.ts';

/** The top-up's details to check before it is sent; one transaction key per confirmation. */
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
  // One key per confirmation: pressing again after a lost answer sends the same top-up, never a second one.
  const key = useRef<Promise<string> | null>(null);
  const [keyError, setKeyError] = useState<unknown>(null);
  const confirm = async () => {
    let transactionKey: string;
    try {
      key.current ??= fetchTransactionKey();
      transactionKey = await key.current;
    } catch (err) {
      key.current = null;
      setKeyError(err);
      return;
    }
    setKeyError(null);
    send.mutate(
      { transaction_key: transactionKey, product_id: product.id, mobile_number: mobile },
      { onSuccess: (sale) => onSent(transactionKey, sale) },
    );
  };
  const error = send.error ?? keyError;
  return (
    <Modal opened onClose={onClose} title={t('topup.confirmTitle')}>
      <Stack gap="sm">
        <Text>{t('topup.confirmText')}</Text>
        <Stack gap={4}>
          <Text size="sm">
            {t('topup.mobileNumber')}: <strong>{mobile}</strong>
          </Text>
          <Text size="sm">
            {t('topup.operator')}: {operatorName}
          </Text>
          <Text size="sm">
            {t('topup.product')}: {product.name}
          </Text>
          {product.destination_amount && (
            <Text size="sm">
              {t('topup.receives')}: {product.destination_amount} {product.destination_unit}
            </Text>
          )}
          {product.price !== null && (
            <Text size="sm">
              {t('topup.charged')}: <Money amount={product.price} />
            </Text>
          )}
        </Stack>
        {error !== null && error !== undefined && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {describeError(t, error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={send.isPending} data-autofocus>
            {t('topup.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
