import { Alert, Button, Group, Modal, NumberInput, Progress, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { purchasePlan, type SellerConfiguration, type SellerProduct } from '@portal/contract/selling';
import { IconAlertTriangle, IconCheck, IconDownload, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { Decimal } from 'decimal.js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings.ts';
import { Money } from '../../ui/money.tsx';
import { useBalance } from '../credit/balance.queries.ts';
import { asOnePurchase } from './purchase.ts';
import { maxQuantity, type QuantityValues, quantityCheck } from './quantity-form.ts';
import { Receipts } from './receipts.tsx';
import { usePurchase } from './use-purchase.ts';

export interface PurchaseTarget {
  product: Pick<SellerProduct, 'product_id' | 'product_name' | 'product_type'>;
  configuration: Pick<SellerConfiguration, 'configuration_id' | 'value' | 'info' | 'price' | 'available'>;
}

/**
 * Buying one denomination: the quantity, how it will be bought (one call, calls of 20, or a download), progress,
 * then the receipts with their print button, the download link or the refusal in words the seller understands.
 */
export function PurchaseDialog({ target, onClose }: { target: PurchaseTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { money } = useFormatters();
  const { state, buy, retry, reset } = usePurchase();
  const { user } = useSession();
  const balance = useBalance(user?.customer_id ?? 0);
  const max = maxQuantity(target?.configuration.available ?? 0);
  const check = quantityCheck(t, max);
  const form = useForm<QuantityValues>({ initialValues: { quantity: 1 }, validate: check });
  const printed = useRef(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const running = state.phase === 'running';

  useEffect(() => {
    if (target) {
      form.reset();
      reset();
      printed.current = false;
    }
  }, [target, reset, form.reset]);

  // The dialog goes by unmounting, which skips Mantine's focus return: focus goes back to the button that opened it.
  useEffect(() => {
    if (!target) return;
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, [target]);

  const outcome = state.phase === 'finished' ? state.outcome : null;
  // The steps of a purchase of 21–30 print as one receipt set, numbered 1…n with one total.
  const onePurchase = useMemo(() => {
    const merged = outcome && asOnePurchase(outcome.receipts);
    return merged ? [merged] : [];
  }, [outcome]);
  // Keyboard and screen-reader users land on the result (receipt or refusal) instead of the vanished buy button.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  // The print dialog opens by itself once per purchase when the user asked for it (show_print_popup).
  useEffect(() => {
    if (outcome && outcome.receipts.length > 0 && settings.show_print_popup === 1 && !printed.current) {
      printed.current = true;
      window.setTimeout(() => window.print(), 50);
    }
  }, [outcome, settings.show_print_popup]);

  if (!target) return null;
  // Checked as it is typed: the range shows at once and the buy button waits for a quantity it can buy.
  const error = check(form.getValues()).quantity;
  const valid = !error;
  const quantity = Number(form.getValues().quantity);
  const plan = valid ? purchasePlan(quantity, settings.download_csv === 1) : null;
  const price = target.configuration.price;
  // What the shop can spend decides how many it can buy; staff under masked prices see neither.
  const affordable =
    price !== null && balance.data && new Decimal(price).gt(0)
      ? new Decimal(balance.data.balance).div(price).floor().toNumber()
      : null;
  // Enter in the quantity field buys, as the button does.
  const submit = form.onSubmit((values) => {
    if (!running && target.configuration.available > 0) {
      buy(target.configuration.configuration_id, Number(values.quantity));
    }
  });

  return (
    <Modal
      opened
      onClose={() => !running && onClose()}
      title={`${target.product.product_name} · ${money(target.configuration.value)}`}
      size={outcome?.receipts.length ? 'xl' : 'md'}
      closeOnClickOutside={!running}
      withCloseButton={!running}
    >
      {!outcome && (
        <form onSubmit={submit} noValidate>
          <Stack>
            {target.configuration.info && <Text c="dimmed">{target.configuration.info}</Text>}
            <NumberInput
              label={t('selling.buy.quantity')}
              {...form.getInputProps('quantity')}
              min={1}
              max={max}
              allowDecimal={false}
              allowNegative={false}
              disabled={running}
              error={error}
              description={t('selling.buy.available', { count: target.configuration.available })}
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
            {running && (
              <Stack gap={4}>
                <Progress value={state.total ? (100 * state.done) / state.total : 100} animated />
                <Text size="sm" c="dimmed">
                  {t('selling.buy.progress', { done: state.done, total: state.total })}
                </Text>
              </Stack>
            )}
            <Button type="submit" loading={running} disabled={!valid || target.configuration.available < 1}>
              {t('selling.buy.confirm', { count: valid ? quantity : 1 })}
            </Button>
          </Stack>
        </form>
      )}
      {outcome && (
        <Stack ref={outcomeRef} tabIndex={-1} aria-label={t('selling.buy.result')} data-testid="purchase-outcome">
          {outcome.bought > 0 && (
            <Alert color="green" icon={<IconCheck />} title={t('selling.buy.successful')}>
              {t('selling.buy.bought', { count: outcome.bought })}
            </Alert>
          )}
          {outcome.error && (
            <Alert
              color="red"
              icon={<IconAlertTriangle />}
              title={t('selling.buy.failed')}
              data-testid="purchase-error"
            >
              <Stack gap="xs">
                <Text size="sm">{describeError(t, outcome.error)}</Text>
                {outcome.unresolved && <Text size="sm">{t('selling.buy.unresolved')}</Text>}
                {outcome.unresolved && (
                  <Group>
                    <Button size="xs" leftSection={<IconRefresh size={16} />} onClick={() => retry()} loading={running}>
                      {t('selling.buy.retry')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          {outcome.download && (
            <Group>
              <Button
                component={Link}
                to={`/download/${outcome.download.download_id}`}
                leftSection={<IconDownload size={16} />}
              >
                {t('selling.buy.openDownload')}
              </Button>
            </Group>
          )}
          {outcome.receipts.length > 0 && (
            <>
              <Group justify="flex-end">
                <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                  {t('selling.receipt.print')}
                </Button>
              </Group>
              <Receipts receipts={onePurchase} merged={settings.merge_receipts === 1} />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('selling.buy.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
