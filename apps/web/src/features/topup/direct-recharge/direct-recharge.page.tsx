import { Anchor, Button, Card, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { directRechargeBody } from '@portal/contract/direct-recharge';
import type { TopupSale } from '@portal/contract/topup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { ConfirmSaleDialog } from '../confirm-sale-dialog.tsx';
import { SaleProgress } from '../international-topup/topup-progress.tsx';
import { ProductCards } from '../product-cards.tsx';
import {
  type DirectRechargeOperator,
  directRechargeKeys,
  germanMobileE164,
  useDirectRechargeProducts,
  useDirectRechargeStatus,
  useSendRecharge,
} from './direct-recharge.queries.ts';

type Product = DirectRechargeOperator['products'][number];

interface ChoiceValues {
  operator_id: string | null;
  product_id: string | null;
  /** The number as dialled; the body carries it in E.164. */
  mobile: string;
}

/** The choice as the recharge's body, less its transaction key; a number that is no German mobile one is absent. */
const toBody = (v: ChoiceValues) => ({
  product_id: v.product_id ?? '',
  mobile_number: germanMobileE164(v.mobile) ?? '',
});
const choiceSchema = directRechargeBody.pick({ product_id: true, mobile_number: true });

/**
 * `/direct-recharge/`: the operator and the amount, the number, a confirmation, then the recharge's status live until
 * the provider's answer is final, with the receipt once it is.
 */
export function DirectRechargePage() {
  const { t } = useTranslation();
  const catalogue = useDirectRechargeProducts();
  const form = useForm<ChoiceValues>({
    initialValues: { operator_id: null, product_id: null, mobile: '' },
    validate: zodValidate(choiceSchema, t, {
      toBody,
      messages: { mobile_number: 'directRecharge.invalidNumber' },
      field: (path) => (path === 'mobile_number' ? 'mobile' : path),
    }),
  });
  const [confirming, setConfirming] = useState<{ product: Product; operator: string; mobile: string } | null>(null);
  const [sent, setSent] = useState<TopupSale | null>(null);

  const operators = catalogue.data ?? [];
  const { operator_id: operatorId, product_id: productId } = form.getValues();
  const operator = operators.find((o) => String(o.id) === operatorId) ?? null;
  const product = operator?.products.find((p) => String(p.id) === productId) ?? null;

  const buy = form.onSubmit((values) => {
    if (product && operator) {
      setConfirming({ product, operator: operator.name, mobile: toBody(values).mobile_number });
    }
  });

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
                        onChange={(v) => form.setValues({ operator_id: v, product_id: null })}
                      >
                        <Group mt="xs" gap="lg">
                          {list.map((o) => (
                            <Radio key={o.id} value={String(o.id)} label={o.name} />
                          ))}
                        </Group>
                      </Radio.Group>
                      {operator && (
                        <ProductCards
                          products={operator.products}
                          value={productId}
                          onChange={(v) => form.setFieldValue('product_id', v)}
                        />
                      )}
                      <Group align="flex-end" gap="sm">
                        <TextInput
                          label={t('topup.mobileNumber')}
                          description={t('directRecharge.numberHint')}
                          inputMode="tel"
                          autoComplete="off"
                          w={280}
                          {...form.getInputProps('mobile')}
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

/** The recharge's details to check before it is sent. */
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
  return (
    <ConfirmSaleDialog
      title={t('directRecharge.confirmTitle')}
      text={t('directRecharge.confirmText')}
      confirmLabel={t('directRecharge.confirm')}
      mobile={mobile}
      operatorName={operator}
      product={product}
      send={send}
      onClose={onClose}
      onSent={(_key, sale) => onSent(sale)}
    />
  );
}
