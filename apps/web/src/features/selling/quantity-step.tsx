import { Alert, Button, Group, NumberInput, Progress, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { purchasePlan, type SellerConfiguration } from '@portal/contract/selling';
import { Decimal } from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings.ts';
import { Money } from '../../ui/money.tsx';
import { useBalance } from '../credit/balance.queries.ts';
import { maxQuantity, type QuantityValues, quantityCheck } from './quantity-form.ts';

/**
 * The quantity's form with its check, capped by the stock. The dialog holds it rather than the step: a purchase sent
 * again after a lost connection shows the step with the quantity that was asked for, and a new denomination resets it.
 */
export function useQuantityForm(available: number) {
  const { t } = useTranslation();
  const max = maxQuantity(available);
  const check = quantityCheck(t, max);
  const form = useForm<QuantityValues>({ initialValues: { quantity: 1 }, validate: check });
  return { form, check, max };
}
export type QuantityForm = ReturnType<typeof useQuantityForm>;

/**
 * The first step of a purchase: the quantity, what it costs and what the shop's balance buys, how it will be bought
 * (one call, calls of 20, or a download), the progress while it runs, and the buy button.
 */
export function QuantityStep({
  configuration,
  quantityForm: { form, check, max },
  progress,
  onBuy,
}: {
  configuration: Pick<SellerConfiguration, 'info' | 'price' | 'available'>;
  quantityForm: QuantityForm;
  /** How far a running purchase is; null while none runs. */
  progress: { done: number; total: number } | null;
  onBuy: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { user } = useSession();
  const balance = useBalance(user?.customer_id ?? 0);
  const running = progress !== null;
  // Checked as it is typed: the range shows at once and the buy button waits for a quantity it can buy.
  const error = check(form.getValues()).quantity;
  const valid = !error;
  const quantity = Number(form.getValues().quantity);
  const plan = valid ? purchasePlan(quantity, settings.download_csv === 1) : null;
  const price = configuration.price;
  // What the shop can spend decides how many it can buy; staff under masked prices see neither.
  const affordable =
    price !== null && balance.data && new Decimal(price).gt(0)
      ? new Decimal(balance.data.balance).div(price).floor().toNumber()
      : null;
  // Enter in the quantity field buys, as the button does.
  const submit = form.onSubmit((values) => {
    if (!running && configuration.available > 0) onBuy(Number(values.quantity));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {configuration.info && <Text c="dimmed">{configuration.info}</Text>}
        <NumberInput
          label={t('selling.buy.quantity')}
          {...form.getInputProps('quantity')}
          min={1}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          disabled={running}
          error={error}
          description={t('selling.buy.available', { count: configuration.available })}
          data-autofocus
        />
        {price !== null && valid && (
          <Group justify="space-between">
            <Text>{t('selling.buy.youPay')}</Text>
            <Text fw={700}>
              <Money amount={new Decimal(price).times(quantity).toFixed(2)} />
            </Text>
          </Group>
        )}
        {price !== null && balance.data && (
          <Group justify="space-between" data-testid="buy-balance">
            <Text size="sm" c="dimmed">
              {t('selling.buy.balance')}
            </Text>
            <Text size="sm">
              <Money amount={balance.data.balance} />
              {affordable !== null && ` · ${t('selling.buy.affordable', { count: affordable })}`}
            </Text>
          </Group>
        )}
        {plan?.bulk && <Alert color="blue">{t('selling.buy.bulkHint')}</Alert>}
        {plan && !plan.bulk && plan.steps.length > 1 && (
          <Alert color="blue">{t('selling.buy.splitHint', { steps: plan.steps.length })}</Alert>
        )}
        {progress && (
          <Stack gap={4}>
            <Progress value={progress.total ? (100 * progress.done) / progress.total : 100} animated />
            <Text size="sm" c="dimmed">
              {t('selling.buy.progress', { done: progress.done, total: progress.total })}
            </Text>
          </Stack>
        )}
        <Button type="submit" loading={running} disabled={!valid || configuration.available < 1}>
          {t('selling.buy.confirm', { count: valid ? quantity : 1 })}
        </Button>
      </Stack>
    </form>
  );
}
