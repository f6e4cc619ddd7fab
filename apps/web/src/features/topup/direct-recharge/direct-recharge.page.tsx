import { Alert, Anchor, Button, Card, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TopupSale } from '@portal/contract/topup';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Money } from '../../../ui/money.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { SaleProgress } from '../international-topup/topup-progress.tsx';
import { fetchTransactionKey } from '../topup.queries.ts';
import {
  type DirectRechargeOperator,
  directRechargeKeys,
  germanMobileE164,
  useDirectRechargeProducts,
  useDirectRechargeStatus,
  useSendRecharge,
} from './direct-recharge.queries.ts';

type Product = DirectRechargeOperator['products'][number];

/**
 * `/direct-recharge/`: the operator and the amount, the number, a confirmation, then the recharge's status live until
 * the provider's answer is final, with the receipt once it is.
 */
export function DirectRechargePage() {
  const { t } = useTranslation();
  const catalogue = useDirectRechargeProducts();
  const [operatorId, setOperatorId] = useState<string | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ product: Product; operator: string; mobile: string } | null>(null);
  const [sent, setSent] = useState<TopupSale | null>(null);

  const operators = catalogue.data ?? [];
  const operator = operators.find((o) => String(o.id) === operatorId) ?? null;
  const product = operator?.products.find((p) => String(p.id) === productId) ?? null;

  const buy = (e: FormEvent) => {
    e.preventDefault();
    const mobile = germanMobileE164(input);
    setNumberError(mobile ? null : t('directRecharge.invalidNumber'));
    if (mobile && product && operator) setConfirming({ product, operator: operator.name, mobile });
  };

  return (
    <>
      <PageHeader title={t('screen.directRecharge')} description={t('directRecharge.description')} />
      <Stack gap="lg">
        {sent ? (
          <RechargeProgress initial={sent} onAgain={() => setSent(null)} />
        ) : (
          <QueryState query={catalogue}>
            {(list) =>
              list.length === 0 ? (
                <EmptyState title={t('topup.noServices')} />
              ) : (
                <Card withBorder radius="md" padding="lg">
                  <form onSubmit={buy} noValidate>
                    <Stack gap="md">
                      <Radio.Group
                        label={t('topup.operator')}
                        value={operatorId}
                        onChange={(v) => {
                          setOperatorId(v);
                          setProductId(null);
                        }}
                      >
                        <Group mt="xs" gap="lg">
                          {list.map((o) => (
                            <Radio key={o.id} value={String(o.id)} label={o.name} />
                          ))}
                        </Group>
                      </Radio.Group>
                      {operator && (
                        <Radio.Group label={t('topup.product')} value={productId} onChange={setProductId}>
                          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
                            {operator.products.map((p) => (
                              <Radio.Card key={p.id} value={String(p.id)} p="md" radius="md">
                                <Group wrap="nowrap" align="flex-start">
                                  <Radio.Indicator />
                                  <Stack gap={2}>
                                    <Text fw={600}>{p.name}</Text>
                                    <Text size="sm" c="dimmed">
                                      {t('topup.retailPrice')}: <Money amount={p.retail_price} />
                                    </Text>
                                    {p.price !== null && (
                                      <Text size="sm">
                                        {t('topup.yourPrice')}: <Money amount={p.price} />
                                      </Text>
                                    )}
                                  </Stack>
                                </Group>
                              </Radio.Card>
                            ))}
                          </SimpleGrid>
                        </Radio.Group>
                      )}
                      <Group align="flex-end" gap="sm">
                        <TextInput
                          label={t('topup.mobileNumber')}
                          description={t('directRecharge.numberHint')}
                          inputMode="tel"
                          autoComplete="off"
                          w={280}
                          value={input}
                          error={numberError}
                          onChange={(e) => setInput(e.currentTarget.value)}
                        />
                        <Button type="submit" disabled={!product}>
                          {t('topup.buy')}
                        </Button>
                      </Group>
                    </Stack>
                  </form>
                </Card>
              )
            }
          </QueryState>
        )}
        <Anchor component={Link} to="/direct-recharge/history">
          {t('directRecharge.toHistory')}
        </Anchor>
      </Stack>
      {confirming && (
        <ConfirmRecharge
          {...confirming}
          onClose={() => setConfirming(null)}
          onSent={(sale) => {
            setConfirming(null);
            setSent(sale);
          }}
        />
      )}
    </>
  );
}

function RechargeProgress({ initial, onAgain }: { initial: TopupSale; onAgain: () => void }) {
  const { t } = useTranslation();
  const status = useDirectRechargeStatus(initial);
  const sale = status.data ?? initial;
  return (
    <SaleProgress
      status={status}
      initial={initial}
      title={t(`directRecharge.outcome.${sale.status}`)}
      receiptTitle={t('screen.directRecharge')}
      againLabel={t('directRecharge.again')}
      historyKey={directRechargeKeys.history()}
      onAgain={onAgain}
    />
  );
}

/** The recharge's details to check before it is sent; one transaction key per confirmation. */
function ConfirmRecharge({
  product,
  operator,
  mobile,
  onClose,
  onSent,
}: {
  product: Product;
  operator: string;
  mobile: string;
  onClose: () => void;
  onSent: (sale: TopupSale) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const send = useSendRecharge(user?.customer_id);
  // Pressing again after a lost answer sends the same recharge under the same key, never a second one.
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
      { onSuccess: onSent },
    );
  };
  const error = send.error ?? keyError;
  return (
    <Modal opened onClose={onClose} title={t('directRecharge.confirmTitle')}>
      <Stack gap="sm">
        <Text>{t('directRecharge.confirmText')}</Text>
        <Stack gap={4}>
          <Text size="sm">
            {t('topup.mobileNumber')}: <strong>{mobile}</strong>
          </Text>
          <Text size="sm">
            {t('topup.operator')}: {operator}
          </Text>
          <Text size="sm">
            {t('topup.product')}: {product.name}
          </Text>
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
            {t('directRecharge.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
