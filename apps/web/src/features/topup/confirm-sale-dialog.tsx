import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TopupSale } from '@portal/contract/topup';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors.ts';
import { Money } from '../../ui/money.tsx';
import { fetchTransactionKey } from './topup.queries.ts';

interface SendBody {
  transaction_key: string;
  product_id: number;
  mobile_number: string;
}

/**
 * A provider sale's details to check before it is sent (international top-up, direct recharge). One transaction
 * key per confirmation: pressing again after a lost answer sends the same sale, never a second one.
 */
export function ConfirmSaleDialog({
  title,
  text,
  confirmLabel,
  mobile,
  operatorName,
  product,
  extra,
  send,
  onClose,
  onSent,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  mobile: string;
  operatorName: string;
  product: { id: number; name: string; price: string | null };
  /** More lines about what the number receives. */
  extra?: ReactNode;
  send: UseMutationResult<TopupSale, unknown, SendBody>;
  onClose: () => void;
  onSent: (key: string, sale: TopupSale) => void;
}) {
  const { t } = useTranslation();
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
    <Modal opened onClose={onClose} title={title}>
      <Stack gap="sm">
        <Text>{text}</Text>
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
          {extra}
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
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
