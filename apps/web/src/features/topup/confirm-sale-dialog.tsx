import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TopupSale } from '@portal/contract/topup';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { SaleFacts } from './sale-facts.tsx';
import { fetchTransactionKey } from './topup.queries.ts';

interface SendBody {
  transaction_key: string;
  product_id: number;
  mobile_number: string;
}

/**
 * One transaction key per confirmation: asked for on the first press and kept, so pressing again after a lost
 * answer sends the same sale, never a second one; asked for again only when asking failed.
 */
function useSendOnce(send: UseMutationResult<TopupSale, unknown, SendBody>) {
  const key = useRef<Promise<string> | null>(null);
  return useMutation({
    mutationFn: async (body: Omit<SendBody, 'transaction_key'>) => {
      key.current ??= fetchTransactionKey();
      const transactionKey = await key.current.catch((err: unknown) => {
        key.current = null;
        throw err;
      });
      return { key: transactionKey, sale: await send.mutateAsync({ ...body, transaction_key: transactionKey }) };
    },
  });
}

/**
 * A provider sale's details to check before it is sent (international top-up, direct recharge), on the form kit:
 * the form that chose them checked them with the contract's schema; this one sends them and shows a refusal.
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
  const sendOnce = useSendOnce(send);
  const form = useForm({ initialValues: {} });
  return (
    <Modal opened onClose={onClose} title={title}>
      <ApiForm
        form={form}
        mutation={sendOnce}
        toInput={() => ({ product_id: product.id, mobile_number: mobile })}
        onSuccess={({ key, sale }) => onSent(key, sale)}
        submitLabel={confirmLabel}
        onCancel={onClose}
        autoFocusSubmit
      >
        <Stack gap="sm">
          <Text>{text}</Text>
          <SaleFacts mobile={mobile} operatorName={operatorName} productName={product.name}>
            {extra}
            {product.price !== null && (
              <Text size="sm">
                {t('topup.charged')}: <Money amount={product.price} />
              </Text>
            )}
          </SaleFacts>
        </Stack>
      </ApiForm>
    </Modal>
  );
}
